"""``mjscore batch --engine dask``: the same output, line for line, as the local pool, on an
in-process Dask cluster (the ``mjscore[dask]`` extra; skipped where Dask is not installed)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mjscore.interfaces.cli import app
from mjscore.sampling import random_winning_hand

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a Dask cluster running in this process (threads, no worker processes)."""
    cluster: Any = distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None)
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def _source(tmp_path: Path) -> Path:
    rng = random.Random(5)
    lines = [json.dumps(random_winning_hand(rng).to_dict()) for _ in range(700)]
    lines.insert(10, "{not json")
    lines.insert(400, json.dumps({"concealed": "123m", "win_tile": "4m", "win": "self_draw"}))
    lines.insert(500, "")
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n")
    return source


def test_dask_output_is_the_local_pools_line_for_line(tmp_path: Path, scheduler: str) -> None:
    source = _source(tmp_path)
    local, dask = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    done = CliRunner().invoke(app, ["batch", str(source), "-o", str(local), "--workers", "2", "--quiet"])
    assert done.exit_code == 0, done.output
    done = CliRunner().invoke(app, ["batch", str(source), "-o", str(dask), "--quiet", "--engine", "dask",
                                    "--scheduler", scheduler, "--strict"])
    assert done.exit_code == 1  # --strict: two lines could not be scored, as with the local pool
    assert dask.read_bytes() == local.read_bytes()
    assert len(dask.read_text().splitlines()) == 702  # every non-blank line answered


def test_summary_and_house_rules_reach_the_dask_workers(tmp_path: Path, scheduler: str) -> None:
    source = _source(tmp_path)
    rules = tmp_path / "house.toml"
    rules.write_text('stake = "0.5"\n')
    outputs = []
    for engine in (["--workers", "1"], ["--engine", "dask", "--scheduler", scheduler]):
        target = tmp_path / f"{engine[1]}.jsonl"
        done = CliRunner().invoke(app, ["batch", str(source), "-o", str(target), "--quiet", "--summary",
                                        "--rules", str(rules), *engine])
        assert done.exit_code == 0, done.output
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[1].splitlines()[0])["ruleset"] == "lrc"


def test_a_scheduler_needs_the_dask_engine(tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["batch", str(_source(tmp_path)), "-o", str(tmp_path / "o.jsonl"),
                                    "--scheduler", "tcp://127.0.0.1:8786"])
    assert done.exit_code == 2 and "--engine dask" in done.stderr
    assert not (tmp_path / "o.jsonl").exists()
