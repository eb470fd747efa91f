"""The variant rules: the rules-file schema, loading and checking a variant, dealing."""
