"""`shardfix pr`: commit the fixes to a bot branch, push it, open or update the pull request.

The user's checkout is never touched: the base commit's files are read out of git into a
temporary directory, the engine fixes them there, and the commit is built with plumbing (a
temporary index, `git commit-tree`, `git update-ref` with the old value as a guard). The work
tree, the index and HEAD stay as they were, whatever fails and wherever the process dies.

Every failure is a `PrError` whose text is one line for the user; the GitHub token is never
part of any message, body, file or log.
"""
from __future__ import annotations

import os
import re
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import field, replace
from codemods.dataclass_code import dataclass
from pathlib import Path

from codemods import engine, github_api
from codemods.model import FileResult
from codemods.redaction import redact, token
from codemods.report.pull_request import commit_message, counts_line, plural, pr_body

DEFAULT_AUTHOR = "shardfix[bot] <shardfix-bot@users.noreply.github.com>"
DEFAULT_TITLE = "shardfix: fix JAX sharding issues"
GITHUB_BODY_LIMIT = 65_000  # GitHub refuses bodies over 65536 characters
NETWORK_TIMEOUT = 600.0  # seconds for git push / ls-remote
_IN_PROGRESS = {
    "MERGE_HEAD": "a merge", "rebase-merge": "a rebase", "rebase-apply": "a rebase or git am",
    "CHERRY_PICK_HEAD": "a cherry-pick", "REVERT_HEAD": "a revert", "BISECT_LOG": "a bisect",
}


class PrError(Exception):
    """One clear line for the user; the run changed nothing in their checkout."""


@dataclass
class PrOptions:
    paths: Sequence[Path]  # relative to repo_root, or absolute; must be inside the checkout
    base: str = "main"
    branch: str = "shardfix/fixes"
    remote: str = "origin"
    author: str = DEFAULT_AUTHOR  # also the committer
    push: bool = False
    open: bool = False  # implies push
    labels: Sequence[str] = ()
    body_file: Path | None = None
    dry_run: bool = False  # compute and render only: no commit, branch, push or API call
    validate_cmd: str | None = None
    title: str = DEFAULT_TITLE
    validate_timeout: float = 1800.0
    before_jax: str | None = None  # --validate-cmd runs on the base on this JAX, on the fixes on the installed one


@dataclass
class PrOutcome:
    commit: str | None = None  # the branch's commit (None: nothing to fix, or dry run)
    created: bool = False  # a new commit was made (False: the branch already held these fixes)
    pushed: bool = False  # the remote branch now points at `commit`
    pr_url: str | None = None
    pr_number: int | None = None
    pr_action: str | None = None  # "opened" | "updated"
    body: str = ""  # the pull-request body (Markdown); "" when there is nothing to fix
    messages: list[str] = field(default_factory=list)  # one line each, for the user
    fixes: int = 0
    files: int = 0
    errors: list[str] = field(default_factory=list)  # "path: reason" for files not processed
    validation_worse: bool | None = None  # None: no --validate-cmd

    @property
    def nothing_to_do(self) -> bool:
        return self.fixes == 0


# --------------------------------------------------------------------------- git helpers



def _first_error_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for line in lines:
        if line.lower().startswith(("fatal:", "error:", "remote: error", "! ")):
            return line
    for line in lines:
        if not line.lower().startswith(("hint:", "to ", "warning:")):
            return line
    return lines[0] if lines else "no message"


class _Git:
    def __init__(self, cwd: Path):
        self.cwd = cwd

    def run(self, *args: str, input: bytes | None = None, env: dict[str, str] | None = None,
            check: bool = True, timeout: float | None = None) -> subprocess.CompletedProcess:
        full_env = dict(os.environ)
        full_env.update({"GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "LANGUAGE": "C"})
        if env:
            full_env.update(env)
        try:
            proc = subprocess.run(["git", *args], cwd=self.cwd, input=input, capture_output=True,
                                  env=full_env, timeout=timeout, check=False,
                                  stdin=subprocess.DEVNULL if input is None else None)
        except FileNotFoundError:
            raise PrError("git is not installed (or not on PATH)") from None
        except subprocess.TimeoutExpired:
            raise PrError(f"git {args[0]} did not finish within {timeout:g}s") from None
        if check and proc.returncode != 0:
            message = _first_error_line(proc.stderr.decode("utf-8", "replace") or proc.stdout.decode("utf-8", "replace"))
            raise PrError(redact(f"git {args[0]} failed: {message}"))
        return proc

    def out(self, *args: str, **kwargs) -> str:
        return self.run(*args, **kwargs).stdout.decode("utf-8", "surrogateescape").strip()

    def ok(self, *args: str) -> bool:
        return self.run(*args, check=False).returncode == 0

    def sha(self, rev: str) -> str | None:
        proc = self.run("rev-parse", "--verify", "--quiet", "--end-of-options", rev, check=False)
        if proc.returncode != 0:
            return None
        return proc.stdout.decode().strip() or None


@dataclass
class _Ident:
    name: str
    email: str

    @classmethod
    def parse(cls, text: str) -> _Ident:
        match = re.fullmatch(r"\s*([^<>]*?)\s*<([^<>\s]+)>\s*", text)
        if not match or not match.group(1):
            raise PrError(f"--author must look like 'Name <email>', not {text!r}")
        return cls(match.group(1), match.group(2))

    def env(self) -> dict[str, str]:
        return {"GIT_AUTHOR_NAME": self.name, "GIT_AUTHOR_EMAIL": self.email,
                "GIT_COMMITTER_NAME": self.name, "GIT_COMMITTER_EMAIL": self.email}


@dataclass(frozen=True)
class _Entry:
    mode: str
    kind: str
    sha: str
    path: str  # repo-relative, posix


def _ls_tree(git: _Git, commit: str, rels: Sequence[str] | None) -> list[_Entry]:
    args = ["--literal-pathspecs", "ls-tree", "-r", "-z", commit]
    if rels is not None:
        args += ["--", *rels]
    raw = git.run(*args).stdout
    entries = []
    for record in raw.split(b"\0"):
        if not record:
            continue
        meta, _, path = record.partition(b"\t")
        mode, kind, sha = meta.decode().split()
        entries.append(_Entry(mode, kind, sha, os.fsdecode(path)))
    return entries


def _export(git: _Git, entries: list[_Entry], dest: Path) -> None:
    """Write the blobs of `entries` under dest, as a checkout of them would (without filters)."""
    blobs = [e for e in entries if e.kind == "blob"]
    for e in entries:
        if e.kind == "commit":  # a submodule: an empty directory, like an uninitialised one
            (dest / e.path).mkdir(parents=True, exist_ok=True)
    for start in range(0, len(blobs), 500):
        chunk = blobs[start:start + 500]
        out = git.run("cat-file", "--batch", input="".join(e.sha + "\n" for e in chunk).encode()).stdout
        pos = 0
        for e in chunk:
            newline = out.index(b"\n", pos)
            header = out[pos:newline].split()
            size = int(header[2])
            data = out[newline + 1:newline + 1 + size]
            pos = newline + 1 + size + 1
            target = dest / e.path
            target.parent.mkdir(parents=True, exist_ok=True)
            if e.mode == "120000":
                try:
                    os.symlink(os.fsdecode(data), target)
                except OSError:
                    target.write_bytes(data)
            else:
                target.write_bytes(data)
                if e.mode == "100755":
                    target.chmod(0o755)


def _relabel(run: engine.Run, root: Path) -> engine.Run:
    """The run with repo-relative posix paths instead of paths in the temporary tree."""
    prefix = str(root)

    def rel(path: str) -> str:
        if path == prefix:
            return "."
        if path.startswith(prefix + os.sep):
            return Path(path[len(prefix) + 1:]).as_posix()
        return path

    results = []
    for r in run.results:
        path = rel(r.path)
        results.append(replace(r, path=path,
                               findings=[replace(f, path=path) for f in r.findings],
                               applied=[replace(f, path=path) for f in r.applied]))
    return engine.Run(results=results, sources={rel(k): v for k, v in run.sources.items()})


# --------------------------------------------------------------------------- the body
# --------------------------------------------------------------------------- checks


def _check_checkout(git: _Git, options: PrOptions) -> Path:
    top = git.run("rev-parse", "--show-toplevel", check=False)
    if top.returncode != 0:
        raise PrError("not inside a git checkout (shardfix pr needs one)")
    toplevel = Path(top.stdout.decode("utf-8", "surrogateescape").strip())
    for name, what in _IN_PROGRESS.items():
        if (git.cwd / git.out("rev-parse", "--git-path", name)).exists():
            raise PrError(f"{what} is in progress in this checkout; finish or abort it first")
    if not git.ok("check-ref-format", "--branch", options.branch) or options.branch.startswith("-"):
        raise PrError(f"{options.branch!r} is not a valid branch name")
    if options.branch in (options.base, options.base.removeprefix(f"{options.remote}/")):
        raise PrError(f"the branch ({options.branch}) must differ from the base ({options.base})")
    current = git.run("symbolic-ref", "--quiet", "--short", "HEAD", check=False).stdout.decode().strip()
    if current == options.branch:
        raise PrError(f"you are on {options.branch}, the branch shardfix pr rewrites; switch to another branch first")
    for line in git.out("worktree", "list", "--porcelain").splitlines():
        if line == f"branch refs/heads/{options.branch}":
            raise PrError(f"{options.branch} is checked out in another worktree; shardfix pr will not rewrite it")
    return toplevel


def _uncommitted_note(git: _Git, options: PrOptions) -> list[str]:
    """The pull request is built from the base commit in a scratch tree, so uncommitted edits are
    never touched and never included; the user is told which."""
    dirty = git.run("status", "--porcelain", "-z", "--untracked-files=no").stdout
    if not dirty:
        return []
    paths = [os.fsdecode(e[3:]) for e in dirty.split(b"\0") if len(e) > 3]
    shown = ", ".join(paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
    return [f"uncommitted changes ({shown}) are left as they are and not part of the pull request, "
            f"which is built from {options.base}"]


def _resolve_base(git: _Git, options: PrOptions) -> tuple[str, str]:
    """(commit sha, the base branch's name on GitHub)."""
    base = options.base
    pr_base = base.removeprefix("refs/heads/").removeprefix(f"refs/remotes/{options.remote}/")
    pr_base = pr_base.removeprefix(f"{options.remote}/")
    for candidate in (f"refs/heads/{base}", base, f"refs/remotes/{options.remote}/{base}"):
        if candidate.startswith("-"):
            continue
        sha = git.sha(f"{candidate}^{{commit}}")
        if sha:
            return sha, pr_base
    raise PrError(f"base {base!r} is neither a branch nor a commit here (nor {options.remote}/{base})")


def _relative_paths(toplevel: Path, repo_root: Path, paths: Sequence[Path]) -> list[str]:
    if not paths:
        raise PrError("no paths given")
    top = toplevel.resolve()
    rels = []
    for given in paths:
        path = Path(given)
        absolute = (path if path.is_absolute() else repo_root / path).resolve()
        try:
            rel = absolute.relative_to(top).as_posix()
        except ValueError:
            raise PrError(f"{given} is outside the git checkout {toplevel}") from None
        rels.append(rel or ".")
    return rels


def _remote_repo(git: _Git, options: PrOptions) -> tuple[str, github_api.RemoteRepo | None]:
    proc = git.run("remote", "get-url", "--", options.remote, check=False)
    if proc.returncode != 0:
        raise PrError(f"no remote named {options.remote!r} (see git remote -v)")
    url = proc.stdout.decode("utf-8", "replace").strip()
    # The URL as configured (before insteadOf rewriting) names the GitHub repository best.
    configured = git.run("config", "--get", f"remote.{options.remote}.url", check=False).stdout
    parsed = github_api.parse_remote_url(configured.decode("utf-8", "replace").strip())
    return url, parsed or github_api.parse_remote_url(url)


# --------------------------------------------------------------------------- run


def run_pr(repo_root: Path, options: PrOptions, engine_options: engine.Options,
           excludes: tuple[str, ...] = ()) -> PrOutcome:
    """Fix `options.paths` as of `options.base`, commit to `options.branch`, push, open the PR.

    Raises PrError (one line) on any failure; the user's work tree, index and HEAD are never
    modified, whatever happens.
    """
    try:
        return _run_pr(Path(repo_root), options, engine_options, tuple(excludes))
    except PrError as exc:
        raise PrError(redact(str(exc))) from None
    except github_api.GitHubError as exc:
        raise PrError(redact(str(exc))) from None


def _run_pr(repo_root: Path, options: PrOptions, engine_options: engine.Options,
            excludes: tuple[str, ...]) -> PrOutcome:
    if not repo_root.is_dir():
        raise PrError(f"{repo_root} is not a directory")
    git = _Git(repo_root)
    toplevel = _check_checkout(git, options)
    git = _Git(toplevel)
    outcome_notes = _uncommitted_note(git, options)
    ident = _Ident.parse(options.author)
    base_sha, pr_base = _resolve_base(git, options)
    if options.branch in (options.base, pr_base):
        raise PrError(f"the branch ({options.branch}) must differ from the base ({options.base})")
    rels = _relative_paths(toplevel, repo_root, options.paths)
    for rel in rels:
        if rel != "." and not git.ok("cat-file", "-e", f"{base_sha}:{rel}"):
            raise PrError(f"{rel} is not in the base {options.base!r} ({base_sha[:12]})")
    push = (options.push or options.open) and not options.dry_run
    remote = None
    if push:
        _url, remote = _remote_repo(git, options)
        if options.open:
            if not token():
                raise PrError("--open needs a GitHub token in the GITHUB_TOKEN environment variable")
            if remote is None:
                raise PrError(f"cannot tell the GitHub repository from the URL of remote {options.remote!r}")
            github_api.api_base_for(remote, os.environ)  # fail before any change

    outcome = PrOutcome(messages=outcome_notes)
    with tempfile.TemporaryDirectory(prefix="shardfix-pr-") as tmp:
        tree_dir = Path(tmp) / "tree"
        tree_dir.mkdir()
        everything = _ls_tree(git, base_sha, None if options.validate_cmd else rels)
        by_path = {e.path: e for e in everything}
        _export(git, everything, tree_dir)
        fixed = engine.run([tree_dir / rel for rel in rels], engine_options, excludes=excludes, fix=True)
        rel_run = _relabel(fixed, tree_dir)
        outcome.errors = [f"{r.path}: {r.error}" for r in rel_run.errors]
        outcome.messages += [f"skipped {e}" for e in outcome.errors]
        changed = rel_run.changed
        outcome.fixes = sum(len(r.applied) for r in changed)
        outcome.files = len(changed)
        if not changed:
            outcome.messages.append(f"no fixes to make in {', '.join(rels)} on {options.base}; nothing to do")
            return outcome
        outcome.messages.append(f"{plural(outcome.fixes, 'fix')} in {plural(outcome.files, 'file')} "
                                f"({counts_line([f for r in changed for f in r.applied])})")

        validation_md = None
        if options.validate_cmd:
            validation_md = _validate(tree_dir, rel_run, options, outcome)

        body = pr_body(rel_run, validation_md, base=options.base)
        if len(body) > GITHUB_BODY_LIMIT:
            body = pr_body(rel_run, validation_md, base=options.base, include_diff=False)
        outcome.body = body
        if options.body_file is not None:
            try:
                Path(options.body_file).write_text(body, encoding="utf-8")
            except OSError as exc:
                raise PrError(f"cannot write {options.body_file}: {exc.strerror or exc}") from None
            outcome.messages.append(f"wrote the pull-request body to {options.body_file}")
        if options.dry_run:
            outcome.messages.append("dry run: no commit, branch, push or pull request")
            return outcome

        failed = engine.write_fixes(fixed)
        if failed:
            first = failed[0]
            raise PrError(f"cannot write the fix of {_relabel(engine.Run([first]), tree_dir).results[0].path}: {first.error}")
        commit, created, previous = _commit(git, options, ident, base_sha, tree_dir, changed, by_path,
                                            commit_message(options.title, rel_run), Path(tmp))
    outcome.commit, outcome.created = commit, created
    if created:
        was = f" (was {previous[:12]})" if previous else ""
        outcome.messages.append(f"committed {commit[:12]} on {options.branch}{was} as {ident.name} <{ident.email}>")
    else:
        outcome.messages.append(f"{options.branch} already holds these fixes ({commit[:12]}); no new commit")
    if push:
        outcome.pushed = _push(git, options, commit, outcome)
    if options.open and not options.dry_run:
        _open(options, remote, pr_base, outcome)
    return outcome


def _validate(tree_dir: Path, rel_run: engine.Run, options: PrOptions, outcome: PrOutcome) -> str | None:
    try:
        from codemods.validate.project import compare_command, to_markdown
    except ImportError:
        outcome.messages.append("--validate-cmd is not available in this build; skipped")
        return None
    rewritten: dict[Path, str | bytes] = {}
    for r in rel_run.changed:
        try:
            rewritten[Path(r.path)] = rel_run.sources[r.path].encode(r.fixed)
        except Exception as exc:  # noqa: BLE001 - fs.SourceError: reported when writing
            raise PrError(f"{r.path}: {exc}") from None
    from codemods.validate.envs import EnvError

    try:
        pv = compare_command(tree_dir, rewritten, options.validate_cmd, timeout=options.validate_timeout,
                             before_jax=options.before_jax)
    except (OSError, ValueError) as exc:
        raise PrError(f"--validate-cmd could not run: {exc}") from None
    except EnvError as exc:
        raise PrError(f"--before-jax {options.before_jax}: {exc}") from None
    outcome.validation_worse = bool(pv.worse)
    outcome.messages.append("validation: " + ("WORSE after the rewrite" if pv.worse else "no regression"))
    return to_markdown(pv)


def _commit(git: _Git, options: PrOptions, ident: _Ident, base_sha: str, tree_dir: Path,
            changed: list[FileResult], by_path: dict[str, _Entry], message: str,
            tmp: Path) -> tuple[str, bool, str | None]:
    """(commit, created, previous branch commit) after building base + fixes."""
    paths = [r.path for r in changed]
    shas = [git.out("hash-object", "-w", "--no-filters", "--stdin", input=(tree_dir / p).read_bytes())
            for p in paths]
    index_env = {"GIT_INDEX_FILE": str(tmp / "index")}
    git.run("read-tree", base_sha, env=index_env)
    info = b"".join(f"{by_path[p].mode if p in by_path else '100644'} {sha}\t".encode() + os.fsencode(p) + b"\0"
                    for p, sha in zip(paths, shas))
    git.run("update-index", "-z", "--index-info", input=info, env=index_env)
    tree = git.out("write-tree", env=index_env)

    ref = f"refs/heads/{options.branch}"
    local = git.sha(ref)
    previous = local or git.sha(f"refs/remotes/{options.remote}/{options.branch}")
    if previous and git.sha(f"{previous}^{{tree}}") == tree:
        commit, created = previous, False
    else:
        commit = git.out("commit-tree", "--no-gpg-sign", "-p", base_sha, "-F", "-", tree,
                         input=message.encode("utf-8"), env=ident.env())
        created = True
    if local != commit:
        git.run("update-ref", "-m", f"shardfix pr: {options.base} + fixes", ref, commit, local or "")
    return commit, created, local


def _push(git: _Git, options: PrOptions, commit: str, outcome: PrOutcome) -> bool:
    ref = f"refs/heads/{options.branch}"
    # Ask where the push goes (a remote may have a separate pushurl).
    push_url = git.out("remote", "get-url", "--push", "--", options.remote)
    listed = git.run("ls-remote", "--", push_url, ref, check=False, timeout=NETWORK_TIMEOUT)
    if listed.returncode != 0:
        detail = _first_error_line(listed.stderr.decode("utf-8", "replace"))
        raise PrError(f"cannot reach remote {options.remote!r}: {detail}")
    remote_sha = next((line.split()[0] for line in listed.stdout.decode().splitlines()
                       if line.endswith("\t" + ref)), None)
    if remote_sha == commit:
        outcome.messages.append(f"{options.remote}/{options.branch} is already at {commit[:12]}")
        return True
    expected = ""
    if remote_sha:
        expected = git.sha(f"refs/remotes/{options.remote}/{options.branch}") or remote_sha
    proc = git.run("push", "--porcelain", f"--force-with-lease={ref}:{expected}", "--", options.remote,
                   f"{commit}:{ref}", check=False, timeout=NETWORK_TIMEOUT)
    if proc.returncode != 0:
        text = proc.stderr.decode("utf-8", "replace") + "\n" + proc.stdout.decode("utf-8", "replace")
        if "stale info" in text:
            raise PrError(f"push to {options.remote} rejected: {options.branch} changed on the remote since it was "
                          f"last fetched (force-with-lease); fetch {options.remote} and run again")
        if "[rejected]" in text or "[remote rejected]" in text:
            reason = re.search(r"\[(?:remote )?rejected\][^\n(]*\(([^)\n]*)\)", text)
            why = f": {reason.group(1)}" if reason else ""
            raise PrError(f"push to {options.remote} rejected{why}")
        raise PrError(f"push to {options.remote} failed: {_first_error_line(text)}")
    # Keep the remote-tracking ref in step even when the remote has no fetch refspec for it.
    tracking = f"refs/remotes/{options.remote}/{options.branch}"
    git.run("update-ref", "-m", "shardfix pr: pushed", tracking, commit, check=False)
    how = "force-pushed" if remote_sha else "pushed"
    outcome.messages.append(f"{how} {options.branch} to {options.remote}")
    return True


def _open(options: PrOptions, remote: github_api.RemoteRepo | None, pr_base: str, outcome: PrOutcome) -> None:
    assert remote is not None  # checked before any change
    client = github_api.GitHub(github_api.api_base_for(remote, os.environ), token())
    existing = client.find_open_pull(remote.owner, remote.repo, options.branch)
    if existing is not None:
        pull = client.update_pull(remote.owner, remote.repo, existing["number"], title=options.title,
                                  body=outcome.body)
        outcome.pr_action = "updated"
    else:
        pull = client.create_pull(remote.owner, remote.repo, title=options.title, head=options.branch,
                                  base=pr_base, body=outcome.body)
        outcome.pr_action = "opened"
    outcome.pr_number = int(pull["number"])
    outcome.pr_url = str(pull.get("html_url") or "")
    if options.labels:
        client.add_labels(remote.owner, remote.repo, outcome.pr_number, options.labels)
    outcome.messages.append(f"{outcome.pr_action} pull request #{outcome.pr_number} {outcome.pr_url}".rstrip())
