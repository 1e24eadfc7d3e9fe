"""Build hook: the wheel carries the golden fixtures as `codemods/fixtures`.

The top-level fixtures/ directory stays the one source (tests, `shardfix validate` in a
checkout); `build_py` copies it into the package being built, so an installed shardfix can
run `shardfix validate` and show `explain`'s validated example without a checkout. Everything
else is declared in pyproject.toml.
"""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildPyWithFixtures(build_py):
    def run(self):
        super().run()
        source = HERE / "fixtures"
        if not source.is_dir():
            raise SystemExit("fixtures/ is missing: the wheel would ship without its fixtures")
        target = Path(self.build_lib) / "codemods" / "fixtures"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithFixtures})
