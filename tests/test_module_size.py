"""Issue 13 keeps every module of the package readable in one sitting: none over 600 lines."""
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "codemods"
LIMIT = 600


def test_no_module_over_the_limit():
    long = {str(path.relative_to(PACKAGE)): count for path in PACKAGE.rglob("*.py")
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert not long, f"modules over {LIMIT} lines (split them by concept): {long}"
