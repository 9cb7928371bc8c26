"""scala40cli.dask_audit: the same records and totals on a Dask cluster as a serial
``replay --format jsonl`` / ``--format json``, for a simulated corpus with broken files.

Skipped when Dask is not installed; CI installs it (the test extra pulls in
``scala40[dask]``), so these run there.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

pytest.importorskip("dask.bag", reason="Dask is not installed: pip install 'scala40[dask]'")
distributed = pytest.importorskip(
    "distributed", reason="dask.distributed is not installed: pip install 'scala40[dask]'")

import dask.bag as db  # noqa: E402

from scala40cli import audit_file, summarize  # noqa: E402
from scala40cli.cli.main import main  # noqa: E402
from scala40cli.dask_audit import (  # noqa: E402
    audit_bag,
    audit_with_dask,
    expand_logs,
    records_bag,
    results_bag,
    summary_of,
    write_records,
)
from scala40cli.reporting.events_jsonl import s40_to_jsonl  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Simulated matches, one file a game, plus a broken log and a JSON Lines one."""
    folder = tmp_path_factory.mktemp("corpus")
    made = run("simulate", "--players", "3", "--games", "12", "--seed", "11",
               "--out", str(folder))
    assert made.exit_code == 0, made.stderr
    (folder / "zz-broken.s40").write_bytes(
        (ROOT / "fixtures" / "illegal" / "F003-syntax-error.s40").read_bytes())
    (folder / "zz-illegal.s40").write_bytes(
        (ROOT / "fixtures" / "illegal" / "T004-not-in-hand-discard.s40").read_bytes())
    jsonl = s40_to_jsonl((folder / "game-0001.s40").read_bytes())
    assert isinstance(jsonl, str)
    (folder / "game-0001.jsonl").write_text(jsonl, encoding="utf-8")
    return folder


def paths(corpus: Path) -> list[str]:
    return [str(corpus), str(corpus / "game-0001.jsonl"), str(corpus / "none.s40")]


def serial_jsonl(corpus: Path) -> list[dict[str, object]]:
    result = run("replay", "--format", "jsonl", *paths(corpus))
    return [json.loads(line) for line in result.stdout.splitlines()]


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as connected:
        yield connected


def test_a_local_cluster_gives_the_records_and_totals_of_a_serial_run(
        corpus: Path, client: object) -> None:
    audited = audit_with_dask(expand_logs(paths(corpus)), npartitions=4)
    expected = serial_jsonl(corpus)
    assert audited.jsonl() == expected
    report = json.loads(run("replay", "--format", "json", *paths(corpus)).stdout)
    assert audited.summary.to_dict() == report["summary"]
    logs = [*sorted(corpus.glob("*.s40")), corpus / "game-0001.jsonl", corpus / "none.s40"]
    assert summarize(audit_file(path) for path in logs) == audited.summary
    summary = audited.summary
    assert summary.files == 16 and summary.games >= 15 and summary.file_errors == 2
    assert summary.violations > 0 and summary.games_with_violations > 0


def test_the_command_line_on_the_cluster_writes_the_same_report(corpus: Path,
                                                                client: object) -> None:
    address = client.scheduler.address  # type: ignore[attr-defined]
    for scheduler in (address, "threads", "synchronous"):
        on_dask = run("replay", "--format", "json", "--dask", scheduler, *paths(corpus))
        serial = run("replay", "--format", "json", *paths(corpus))
        assert on_dask.exit_code == serial.exit_code == 1
        assert on_dask.stdout == serial.stdout


def test_a_bag_of_texts_and_of_file_urls(corpus: Path, client: object, tmp_path: Path
                                        ) -> None:
    texts = [(path.name, path.read_text(encoding="utf-8"))
             for path in sorted(corpus.glob("*.s40"))]
    audited = audit_bag(db.from_sequence(texts, npartitions=3), rules="classic")
    records, summary = records_bag(audited).compute(), summary_of(audited).compute()
    assert summary == summarize(audit_file(path) for path in sorted(corpus.glob("*.s40")))
    assert [r["path"] for r in records][:1] == ["game-0001.s40"]
    results = results_bag(audited).compute()
    assert summarize(results) == summary
    assert [r.path for r in results] == [name for name, _ in texts]
    written = tmp_path / "reports"
    records_bag(audited).map(json.dumps).to_textfiles(str(written / "part-*.jsonl"))
    back = [json.loads(line) for part in sorted(written.glob("part-*.jsonl"))
            for line in part.read_text(encoding="utf-8").splitlines()]
    assert back == records
    urls = expand_logs([f"file://{corpus}/*.s40"])
    assert urls == [f"file://{path}" for path in sorted(corpus.glob("*.s40"))]
    assert audit_with_dask(urls).summary == summary


def test_the_archive_recipe_judges_each_log_once(corpus: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/dask.md's recipe: the records written and the summary computed in one pass
    (writing, then computing the summary, judged every log twice)."""
    import scala40cli.dask_audit as module

    judged: list[object] = []
    real = module.item_records

    def counted(item: object, *args: object) -> object:
        judged.append(item)
        return real(item, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "item_records", counted)
    logs = sorted(corpus.glob("*.s40"))
    audited = audit_bag(db.from_sequence([str(path) for path in logs], npartitions=3))
    summary = write_records(audited, str(tmp_path / "out" / "part-*.jsonl"),
                            scheduler="synchronous")
    assert len(judged) == len(logs)
    assert summary == summarize(audit_file(path) for path in logs)
    written = [line for part in sorted((tmp_path / "out").glob("part-*.jsonl"))
               for line in part.read_text(encoding="utf-8").splitlines()]
    serial = run("replay", "--format", "jsonl", str(corpus)).stdout.splitlines()[:-1]
    assert written == serial  # byte for byte what replay --format jsonl writes


def test_dask_options_that_do_not_go_together_are_usage_errors(corpus: Path) -> None:
    assert run("replay", "--dask", "threads", "--jobs", "2", str(corpus)).exit_code == 2
    assert run("replay", "--dask", "threads", "-").exit_code == 2
