"""``python -m scala40cli``: the same command as ``scala40``, where no script is installed."""

from scala40cli.cli.main import run

if __name__ == "__main__":
    run()
