"""Rounds at the table of variants with no auction."""


def test_a_round_with_no_auction_and_no_stock():
    """A card turned for trump and the hands dealt out (rules/examples/tiny.toml): the melds
    and the play, with no contract; each player scores its meld and its card points (the
    cards left out count for nobody)."""
    from pinosolve.variants.dealer import seeded_deal
    from pinosolve.variants.variant import load_file, rules_path
    from pinosolve.table import new_table

    v = load_file(rules_path("tiny"))
    for seed in range(20):
        t = new_table(v, seeded_deal(v, seed), "S")
        kinds = []
        while t.decision() is not None:
            kinds.append(t.decision().kind)
            t.apply(t.decision().default())
        assert set(kinds) <= {"meld", "play"} and kinds.count("play") == 4
        taken = sum(t.scores().values()) - sum(t.meld_points.values())
        played = sum(v.rules.points.cards[c.rank.letter]
                     for c in t.played)
        assert taken == played + v.rules.points.last_trick
