"""``python -m pinosolve``: the same command line as the ``pinosolve`` script."""

from pinosolve.cli import run

if __name__ == "__main__":
    run()
