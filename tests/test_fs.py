"""Reading and writing without damage."""
from __future__ import annotations

import os

import pytest

from codemods import fs


def test_write_refuses_a_file_changed_since_it_was_read(tmp_path):
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\n")
    source = fs.read_source(path)
    path.write_bytes(b"x = 2\n")  # someone else edits it mid-run
    with pytest.raises(fs.ChangedOnDisk):
        fs.write_atomic(source, "x = 3\n")
    assert path.read_bytes() == b"x = 2\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.py"]


def test_write_keeps_mode_and_encoding(tmp_path):
    path = tmp_path / "m.py"
    path.write_bytes(b"# -*- coding: latin-1 -*-\ns = '\xe9'\n")
    os.chmod(path, 0o600)
    source = fs.read_source(path)
    assert source.text == "# -*- coding: latin-1 -*-\ns = '\xe9'\n"
    fs.write_atomic(source, source.text + "t = 1\n")
    assert path.read_bytes() == b"# -*- coding: latin-1 -*-\ns = '\xe9'\nt = 1\n"
    assert path.stat().st_mode & 0o777 == 0o600


def test_bom_round_trips(tmp_path):
    path = tmp_path / "m.py"
    path.write_bytes(b"\xef\xbb\xbfx = 1\r\n")
    source = fs.read_source(path)
    assert source.text == "x = 1\r\n"
    fs.write_atomic(source, "x = 2\r\n")
    assert path.read_bytes() == b"\xef\xbb\xbfx = 2\r\n"


def test_text_that_the_encoding_cannot_hold_is_refused(tmp_path):
    path = tmp_path / "m.py"
    path.write_bytes(b"# -*- coding: ascii -*-\nx = 1\n")
    source = fs.read_source(path)
    with pytest.raises(fs.SourceError, match="encoding"):
        fs.write_atomic(source, "# -*- coding: ascii -*-\nx = '\u00e9'\n")
    assert path.read_bytes() == b"# -*- coding: ascii -*-\nx = 1\n"


def test_symlinks_are_not_written_through(tmp_path):
    outside = tmp_path / "outside.py"
    outside.write_bytes(b"x = 1\n")
    link = tmp_path / "link.py"
    link.symlink_to(outside)
    source = fs.read_source(link)
    with pytest.raises(fs.SourceError, match="symbolic link"):
        fs.write_atomic(source, "x = 2\n")
    assert outside.read_bytes() == b"x = 1\n" and link.is_symlink()


@pytest.mark.parametrize("raw, reason", [
    (b"x = '\xff'\n", "not valid utf-8"),
    (b"# coding: nope\n", "nope"),
    (b"\xef\xbb\xbf# coding: latin-1\n", "encoding problem"),
    (b"a\x00b\n", "NUL"),
])
def test_undecodable_sources_give_one_line_reasons(tmp_path, raw, reason):
    path = tmp_path / "m.py"
    path.write_bytes(raw)
    with pytest.raises(fs.SourceError) as info:
        fs.read_source(path)
    assert reason in str(info.value) and "\n" not in str(info.value)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_unreadable_file(tmp_path):
    path = tmp_path / "m.py"
    path.write_bytes(b"x = 1\n")
    os.chmod(path, 0)
    with pytest.raises(fs.SourceError):
        fs.read_source(path)
