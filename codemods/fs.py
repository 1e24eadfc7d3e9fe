"""Reading and writing source files without damage.

A file keeps its encoding (PEP 263 cookie), BOM, newline style and every byte a fix does not
touch; writes are atomic and refuse to overwrite a file that changed since it was read.
"""
from __future__ import annotations

import os
import stat
from codemods.dataclass_code import dataclass
from pathlib import Path


TEMP_SUFFIX = ".shardfix-tmp"
# Seconds to wait between writing a temp file and renaming it over the original. Only the test
# that kills `apply` mid-write sets it, so that the kill lands while a temp file exists.
_WRITE_DELAY_VARIABLE = "SHARDFIX_TEST_WRITE_DELAY"


class SourceError(Exception):
    """A file that cannot be processed; str() is the one-line reason shown to the user."""


class ChangedOnDisk(SourceError):
    pass


@dataclass(frozen=True)
class SourceFile:
    path: Path
    raw: bytes
    text: str  # decoded, BOM removed, newlines untouched
    encoding: str  # codec for writing back ('utf-8-sig' writes the BOM again)

    def encode(self, text: str) -> bytes:
        try:
            return text.encode(self.encoding)
        except UnicodeEncodeError as exc:
            raise SourceError(f"the fixed text cannot be written in the file's encoding {self.encoding}: {exc.reason}") from None


def _declares_encoding(raw: bytes) -> bool:
    import tokenize

    return any(tokenize.cookie_re.match(line.decode("latin-1")) for line in raw.split(b"\n", 2)[:2])


def _plainly_utf8(raw: bytes) -> bool:
    """True when `tokenize.detect_encoding` can only say UTF-8: no BOM, and no "coding" in the
    two lines it reads (so no cookie). Most files; it saves its per-file cost."""
    if raw.startswith(b"\xef\xbb\xbf"):
        return False
    end = raw.find(b"\n")
    if end != -1:
        end = raw.find(b"\n", end + 1)
    return raw.find(b"coding", 0, len(raw) if end == -1 else end) == -1


def decode(raw: bytes, path: Path) -> SourceFile:
    if b"\x00" in raw:
        raise SourceError("contains a NUL byte; not a Python source file")
    if _plainly_utf8(raw):
        encoding = "utf-8"
    else:
        import io
        import tokenize

        try:
            encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
        except SyntaxError as exc:  # unknown codec in the cookie, BOM contradicting it, bad first lines
            if "invalid or missing" in str(exc):
                encoding = "utf-8"  # the bytes of the first two lines are not UTF-8: say where
            else:
                raise SourceError(str(exc)) from None
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        declared = "" if _declares_encoding(raw) else " (the default without an encoding declaration)"
        raise SourceError(f"not valid {encoding}{declared}: byte {raw[exc.start]:#04x} on line {line}") from None
    except LookupError:
        raise SourceError(f"unknown encoding {encoding!r}") from None
    return SourceFile(path, raw, text, encoding)


def read_source(path: Path) -> SourceFile:
    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        raise SourceError("is a directory") from None
    except OSError as exc:
        raise SourceError(exc.strerror or str(exc)) from None
    return decode(raw, path)


def write_atomic(source: SourceFile, new_text: str) -> None:
    """Replace the file with `new_text` if (and only if) it still holds what was read.

    The new content goes to a temporary file in the same directory, then os.replace: a reader
    (or a crash) sees the old file or the new one, never a mix.
    """
    path = source.path
    data = source.encode(new_text)
    if path.is_symlink():
        raise SourceError("is a symbolic link; not written through")
    try:
        current = path.read_bytes()
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError as exc:
        raise SourceError(f"cannot re-read before writing: {exc.strerror or exc}") from None
    if current != source.raw:
        raise ChangedOnDisk("changed on disk since it was read; not overwritten")
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        _test_delay()
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise SourceError(f"cannot write: {exc.strerror or exc}") from None
        raise


def _test_delay() -> None:
    value = os.environ.get(_WRITE_DELAY_VARIABLE)
    if value:
        import time

        try:
            time.sleep(float(value))
        except ValueError:
            pass


def remove_stale_temp_files(paths: list[Path]) -> None:
    """Delete temp files left by an apply that was killed between write and rename.

    The writer's process id is in the name; a file whose writer still runs is left alone.
    """
    for path in paths:
        try:
            pid = int(path.name[: -len(TEMP_SUFFIX)].rsplit(".", 2)[-2])
        except (ValueError, IndexError):
            continue
        try:
            os.kill(pid, 0)
            continue  # its writer is alive
        except ProcessLookupError:
            pass
        except PermissionError:
            continue  # alive, owned by someone else
        try:
            path.unlink()
        except OSError:
            pass
