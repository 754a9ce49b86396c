"""What `make run` leaves beside the code is ignored by git: the local database and the files
SQLite keeps next to it while the server runs (write-ahead log, shared memory)."""

import shutil
import subprocess

import pytest

from tests.config.test_settings import ROOT

LEFT_BY_MAKE_RUN = ["db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm", "db.sqlite3-journal"]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize("name", LEFT_BY_MAKE_RUN)
def test_the_local_database_files_are_ignored(name):
    # --no-index: asks the .gitignore rules, whether or not such a file exists or is tracked.
    result = subprocess.run(
        ["git", "check-ignore", "--no-index", "-q", name], cwd=ROOT, capture_output=True
    )
    assert result.returncode == 0, f"{name} is not ignored by .gitignore"
