"""`shardfix pr`: git branch/commit/push in a temporary repository with a bare `origin`, and the
GitHub REST calls against a small HTTP server on 127.0.0.1 standing in for the API."""
from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import parse_qs, urlsplit

import pytest

from codemods import engine
from codemods.github_api import (
    GitHub,
    GitHubError,
    RemoteRepo,
    api_base_for,
    parse_remote_url,
)
from codemods.pr import (
    PrError,
    PrOptions,
    commit_message,
    pr_body,
    run_pr,
)

BAD = "import jax\n\ndef f(x):\n    return jax.lax.pvary(x, 'i')\n"
GOOD = "import jax\n\ndef f(x):\n    return jax.lax.pcast(x, 'i', to='varying')\n"
CLEAN = "import jax\n\ndef g(x):\n    return x + 1\n"
TOKEN = "ghp_TESTtoken0123456789secretSECRET"
BRANCH = "shardfix/fixes"


# --------------------------------------------------------------------------- git fixtures


def git(cwd: Path, *args: str, check: bool = True) -> str:
    proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    if check and proc.returncode != 0:
        raise AssertionError(f"git {' '.join(args)}: {proc.stderr}")
    return proc.stdout.strip()


@pytest.fixture(autouse=True)
def isolated_env(tmp_path, monkeypatch):
    """No global/system git config, a fixed test identity, no proxies, no real token."""
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "empty-gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for var in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GITHUB_TOKEN", "GITHUB_API_URL",
                "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    for role in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{role}_NAME", "Test User")
        monkeypatch.setenv(f"GIT_{role}_EMAIL", "test@example.com")


@pytest.fixture
def repo(tmp_path):
    """A checkout on `main` with one SF201 finding in pkg/a.py, pushed to a bare `origin`."""
    work, origin = tmp_path / "work", tmp_path / "origin.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(origin))
    git(tmp_path, "init", "-q", "-b", "main", str(work))
    (work / "pkg").mkdir()
    (work / "pkg" / "a.py").write_text(BAD)
    (work / "pkg" / "clean.py").write_text(CLEAN)
    (work / "README.md").write_text("demo\n")
    git(work, "add", ".")
    git(work, "commit", "-q", "-m", "initial")
    git(work, "remote", "add", "origin", str(origin))
    git(work, "push", "-q", "-u", "origin", "main")
    return SimpleNamespace(work=work, origin=origin, tmp=tmp_path)


def state(work: Path) -> tuple:
    """What the user sees: HEAD (symbolic or detached), status, and every file's bytes."""
    head = git(work, "symbolic-ref", "-q", "HEAD", check=False) or git(work, "rev-parse", "HEAD")
    files = {p.relative_to(work).as_posix(): p.read_bytes()
             for p in sorted(work.rglob("*")) if p.is_file() and ".git" not in p.parts}
    return head, git(work, "rev-parse", "HEAD"), git(work, "status", "--porcelain"), files


def opts(**kw) -> PrOptions:
    kw.setdefault("paths", [Path("pkg")])
    return PrOptions(**kw)


def pr(work: Path, **kw):
    return run_pr(work, opts(**kw), engine.Options())


def show(work_or_bare: Path, rev: str) -> str:
    return git(work_or_bare, "show", "-s", "--format=%an|%ae|%cn|%ce|%P|%B", rev)


# --------------------------------------------------------------------------- git behaviour


def test_commit_on_branch_author_message_push_and_untouched_checkout(repo):
    before = state(repo.work)
    main = git(repo.work, "rev-parse", "main")
    outcome = pr(repo.work, push=True)
    assert state(repo.work) == before  # HEAD, index, work tree: all as they were
    assert outcome.created and outcome.pushed and outcome.fixes == 1 and outcome.files == 1
    sha = git(repo.work, "rev-parse", f"refs/heads/{BRANCH}")
    assert outcome.commit == sha
    an, ae, cn, ce, parent, message = show(repo.work, sha).split("|", 5)
    assert (an, ae) == ("shardfix[bot]", "shardfix-bot@users.noreply.github.com")
    assert (cn, ce) == (an, ae)
    assert parent == main
    assert message.splitlines()[0] == "shardfix: fix JAX sharding issues"
    assert "Applied 1 fix in 1 file" in message and "SF201 removed-api: 1 fix in 1 file" in message
    assert git(repo.work, "show", f"{sha}:pkg/a.py") + "\n" == GOOD
    assert git(repo.work, "diff", "--name-only", main, sha) == "pkg/a.py"
    # the bare origin has the branch at the same commit; main is untouched
    assert git(repo.origin, "rev-parse", f"refs/heads/{BRANCH}") == sha
    assert git(repo.origin, "rev-parse", "refs/heads/main") == main
    assert git(repo.work, "rev-parse", f"refs/remotes/origin/{BRANCH}") == sha


def test_second_run_makes_no_new_commit(repo):
    first = pr(repo.work, push=True)
    count = git(repo.origin, "rev-list", "--count", f"refs/heads/{BRANCH}")
    second = pr(repo.work, push=True)
    assert second.commit == first.commit and not second.created and second.pushed
    assert git(repo.origin, "rev-parse", f"refs/heads/{BRANCH}") == first.commit
    assert git(repo.origin, "rev-list", "--count", f"refs/heads/{BRANCH}") == count
    assert any("no new commit" in m for m in second.messages)
    assert any("already at" in m for m in second.messages)


def test_fresh_clone_reuses_the_remote_branch_commit(repo):
    first = pr(repo.work, push=True)
    clone = repo.tmp / "clone"
    git(repo.tmp, "clone", "-q", str(repo.origin), str(clone))
    again = pr(clone, push=True)
    assert again.commit == first.commit and not again.created


def test_base_moved_resets_branch_and_force_pushes_with_lease(repo):
    first = pr(repo.work, push=True)
    (repo.work / "pkg" / "b.py").write_text(BAD.replace("f(", "h("))
    git(repo.work, "add", ".")
    git(repo.work, "commit", "-q", "-m", "more")
    git(repo.work, "push", "-q", "origin", "main")
    before = state(repo.work)
    second = pr(repo.work, push=True)
    assert state(repo.work) == before
    assert second.created and second.commit != first.commit and second.fixes == 2
    assert git(repo.work, "rev-parse", f"{second.commit}^") == git(repo.work, "rev-parse", "main")
    assert git(repo.origin, "rev-parse", f"refs/heads/{BRANCH}") == second.commit
    assert any("force-pushed" in m for m in second.messages)
    # the old fix commit is not an ancestor: the branch was reset, not stacked
    assert subprocess.run(["git", "merge-base", "--is-ancestor", first.commit, second.commit],
                          cwd=repo.work, check=False).returncode == 1


def test_push_rejected_when_remote_branch_moved_since_fetch(repo):
    pr(repo.work, push=True)
    # someone else pushes to the bot branch; our remote-tracking ref is now stale
    other = repo.tmp / "other"
    git(repo.tmp, "clone", "-q", "-b", BRANCH, str(repo.origin), str(other))
    (other / "note.txt").write_text("human edit\n")
    git(other, "add", ".")
    git(other, "commit", "-q", "-m", "human")
    git(other, "push", "-q", "origin", BRANCH)
    theirs = git(repo.origin, "rev-parse", f"refs/heads/{BRANCH}")
    # and the base moves, so a new fix commit is needed
    (repo.work / "README.md").write_text("demo 2\n")
    git(repo.work, "commit", "-q", "-am", "readme")
    before = state(repo.work)
    with pytest.raises(PrError) as info:
        pr(repo.work, push=True)
    text = str(info.value)
    assert "\n" not in text and "rejected" in text and "fetch" in text
    assert state(repo.work) == before
    assert git(repo.origin, "rev-parse", f"refs/heads/{BRANCH}") == theirs


def test_no_fixes_exits_cleanly_without_touching_git(repo):
    refs_before = git(repo.work, "for-each-ref")
    outcome = pr(repo.work, paths=[Path("pkg/clean.py")], push=True)
    assert outcome.nothing_to_do and outcome.commit is None and outcome.body == ""
    assert any("no fixes" in m for m in outcome.messages)
    assert git(repo.work, "for-each-ref") == refs_before
    assert git(repo.work, "worktree", "list").count("\n") == 0


def test_dirty_work_tree_is_left_alone_and_named(repo):
    """The branch is built from the base commit in a scratch tree: uncommitted edits are neither
    refused nor included, and the user is told."""
    edited = CLEAN + "# edit\n"
    (repo.work / "pkg" / "clean.py").write_text(edited)
    outcome = pr(repo.work)
    assert outcome.commit is not None
    assert any("uncommitted changes (pkg/clean.py)" in m and "not part of the pull request" in m
               for m in outcome.messages)
    assert (repo.work / "pkg" / "clean.py").read_text() == edited
    assert git(repo.work, "show", f"{BRANCH}:pkg/clean.py") == CLEAN.rstrip("\n")  # git() strips


def test_untracked_files_do_not_block(repo):
    (repo.work / "scratch.txt").write_text("x\n")
    assert pr(repo.work).commit


def test_operation_in_progress_is_refused(repo):
    (repo.work / ".git" / "rebase-merge").mkdir()
    with pytest.raises(PrError, match="rebase is in progress"):
        pr(repo.work)


def test_on_the_bot_branch_is_refused(repo):
    git(repo.work, "checkout", "-q", "-b", BRANCH)
    with pytest.raises(PrError, match="you are on shardfix/fixes"):
        pr(repo.work)


def test_detached_head_and_feature_branch_are_left_as_they_were(repo):
    git(repo.work, "checkout", "-q", "--detach", "HEAD")
    before = state(repo.work)
    assert pr(repo.work).commit
    assert state(repo.work) == before
    git(repo.work, "checkout", "-q", "-b", "feature")
    (repo.work / "feature.py").write_text("x = 1\n")
    git(repo.work, "add", ".")
    git(repo.work, "commit", "-q", "-m", "feature")
    before = state(repo.work)
    outcome = pr(repo.work)
    assert state(repo.work) == before
    # fixes are computed on the base, not on the feature branch
    assert git(repo.work, "rev-parse", f"{outcome.commit}^") == git(repo.work, "rev-parse", "main")


def test_paths_relative_to_a_subdirectory(repo):
    outcome = run_pr(repo.work / "pkg", opts(paths=[Path("a.py")]), engine.Options())
    assert outcome.fixes == 1
    assert git(repo.work, "show", f"{outcome.commit}:pkg/a.py") + "\n" == GOOD


def test_custom_author_and_bad_author(repo):
    outcome = pr(repo.work, author="Fix Bot <fix@example.org>")
    assert show(repo.work, outcome.commit).split("|")[:4] == ["Fix Bot", "fix@example.org"] * 2
    with pytest.raises(PrError, match="Name <email>"):
        pr(repo.work, author="nobody")


@pytest.mark.parametrize("kw, pattern", [
    ({"remote": "nope", "push": True}, "no remote named 'nope'"),
    ({"base": "nosuch"}, "base 'nosuch'"),
    ({"paths": [Path("missing.py")]}, "missing.py is not in the base"),
    ({"branch": "main"}, "must differ from the base"),
    ({"branch": "bad..name"}, "not a valid branch name"),
    ({"open": True}, "GITHUB_TOKEN"),
])
def test_errors_are_one_line_and_change_nothing(repo, kw, pattern):
    before, refs = state(repo.work), git(repo.work, "for-each-ref")
    with pytest.raises(PrError, match=pattern) as info:
        pr(repo.work, **kw)
    assert "\n" not in str(info.value)
    assert state(repo.work) == before and git(repo.work, "for-each-ref") == refs


def test_push_to_unreachable_remote(repo):
    git(repo.work, "remote", "set-url", "origin", str(repo.tmp / "gone.git"))
    before = state(repo.work)
    with pytest.raises(PrError, match="cannot reach remote 'origin'") as info:
        pr(repo.work, push=True)
    assert "\n" not in str(info.value)
    assert state(repo.work) == before


def test_not_a_git_checkout(tmp_path):
    (tmp_path / "plain").mkdir()
    with pytest.raises(PrError, match="not inside a git checkout"):
        run_pr(tmp_path / "plain", opts(), engine.Options())


def test_dry_run_writes_body_and_changes_nothing(repo):
    refs, before = git(repo.work, "for-each-ref"), state(repo.work)
    body_file = repo.tmp / "body.md"
    outcome = pr(repo.work, dry_run=True, push=True, body_file=body_file)
    assert outcome.commit is None and not outcome.pushed
    assert body_file.read_text() == outcome.body
    assert "| SF201 `removed-api` |" in outcome.body
    assert git(repo.work, "for-each-ref") == refs and state(repo.work) == before


# --------------------------------------------------------------------------- the body


def test_pr_body_sections(repo):
    outcome = pr(repo.work, dry_run=True)
    body = outcome.body
    assert "shardfix applied **1 fix** in **1 file** on `main`." in body
    assert "| Rule | What | Files | Findings | Fixed | Fix safety |" in body
    assert "| SF201 `removed-api` | Removed or private JAX API" in body and "| 1 | 1 | 1 | safe |" in body
    assert "- `pkg/a.py:4:12` **SF201** `pvary` was deprecated" in body
    assert "JAX: `AttributeError: module 'jax.lax' has no attribute 'pvary'`" in body
    assert "<details><summary><code>pkg/a.py</code> (1 fix, +1 −1)</summary>" in body
    assert "```diff\n--- a/pkg/a.py\n+++ b/pkg/a.py\n" in body
    assert "+    return jax.lax.pcast(x, 'i', to='varying')" in body
    assert "</details>" in body and "### Validation" not in body


def test_plurals_and_per_rule_counts_in_body_and_message(repo):
    (repo.work / "pkg" / "a.py").write_text(BAD + "\ndef g(x):\n    return jax.lax.preduced(x, 'i')\n")
    git(repo.work, "commit", "-q", "-am", "two findings")
    outcome = pr(repo.work)
    assert outcome.fixes == 2 and "2 fixes in 1 file (SF201: 2)" in outcome.messages
    assert "shardfix applied **2 fixes** in **1 file**" in outcome.body
    assert "(2 fixes, +2 −2)" in outcome.body
    message = git(repo.work, "log", "-1", "--format=%B", BRANCH)
    assert "Applied 2 fixes in 1 file:" in message and "- SF201 removed-api: 2 fixes in 1 file" in message
    # the pvary finding quotes JAX's AttributeError, the preduced one does not borrow it
    assert outcome.body.count("JAX: `AttributeError") == 1


def test_pr_body_without_diff_and_with_validation_markdown(repo):
    run = engine.run([repo.work / "pkg"], engine.Options(), fix=True)
    body = pr_body(run, "**shardfix validation**: table", include_diff=False)
    assert "see the commit" in body and "```diff" not in body
    assert "### Validation\n\n**shardfix validation**: table" in body
    assert "SF201" in commit_message("t", run)


def test_validate_cmd_adds_the_validation_table(repo):
    pytest.importorskip("codemods.validate.project")
    cmd = f"{sys.executable} -c \"print('ok')\""
    outcome = pr(repo.work, dry_run=True, validate_cmd=cmd, validate_timeout=120)
    assert outcome.validation_worse is False
    assert "### Validation" in outcome.body and "shardfix validation" in outcome.body


def test_before_jax_runs_the_base_on_the_old_jax_and_the_fixes_on_the_installed_one(repo):
    pytest.importorskip("codemods.validate.project")
    from codemods.validate import envs

    try:
        envs.python_for("0.6.2", create=False)
    except envs.EnvError:
        pytest.skip("no cached environment with jax 0.6.2 (`shardfix validate --select SF202` makes one)")
    # Passes only on jax 0.6.2: the base passes on it, the fixed tree fails on the installed JAX.
    cmd = "python -c \"import jax, sys; sys.exit(jax.__version__ != '0.6.2')\""
    outcome = pr(repo.work, dry_run=True, validate_cmd=cmd, validate_timeout=120, before_jax="0.6.2")
    assert outcome.validation_worse is True
    assert "- before (jax 0.6.2): passed: exit 0" in outcome.body
    assert "- after (jax 0.10.2): failed: exit 1" in outcome.body


def test_pr_before_jax_needs_validate_cmd(repo, shardfix):
    done = shardfix("pr", "--dry-run", "--before-jax", "0.6.2", "pkg", cwd=repo.work)
    assert done.returncode == 2 and b"--before-jax needs --validate-cmd" in done.stderr
    bad = shardfix("pr", "--dry-run", "--validate-cmd", "true", "--before-jax", "0.6.2/../x", "pkg", cwd=repo.work)
    assert bad.returncode == 2 and b"--before-jax: not a JAX version" in bad.stderr


# --------------------------------------------------------------------------- remote URLs


@pytest.mark.parametrize("url, expected", [
    ("https://github.com/acme/widgets.git", ("github.com", "acme", "widgets")),
    ("https://github.com/acme/widgets", ("github.com", "acme", "widgets")),
    ("https://github.com/acme/widgets/", ("github.com", "acme", "widgets")),
    ("https://x-access-token:abc@github.com/acme/widgets.git", ("github.com", "acme", "widgets")),
    ("git@github.com:acme/widgets.git", ("github.com", "acme", "widgets")),
    ("github.com:acme/widgets", ("github.com", "acme", "widgets")),
    ("ssh://git@github.com/acme/widgets.git", ("github.com", "acme", "widgets")),
    ("ssh://git@GHE.corp.example:2222/team/svc.git", ("ghe.corp.example", "team", "svc")),
    ("https://ghe.corp.example/team/svc", ("ghe.corp.example", "team", "svc")),
    ("/srv/git/origin.git", None),
    ("../origin.git", None),
    ("file:///srv/git/acme/widgets.git", None),
    ("C:/repos/acme/widgets", None),
    ("https://github.com/acme", None),
])
def test_parse_remote_url(url, expected):
    parsed = parse_remote_url(url)
    assert (None if parsed is None else (parsed.host, parsed.owner, parsed.repo)) == expected


def test_api_base_for():
    public, ghe = RemoteRepo("github.com", "o", "r"), RemoteRepo("ghe.corp.example", "o", "r")
    assert api_base_for(public, {}) == "https://api.github.com"
    assert api_base_for(ghe, {}) == "https://ghe.corp.example/api/v3"
    assert api_base_for(ghe, {"GITHUB_API_URL": "http://127.0.0.1:9/"}) == "http://127.0.0.1:9"
    with pytest.raises(GitHubError, match="GITHUB_API_URL"):
        api_base_for(RemoteRepo("github-work", "o", "r"), {})


# --------------------------------------------------------------------------- fake GitHub API


class FakeGitHub:
    """Enough of the pulls API: list open pulls by head, create, update, add labels."""

    def __init__(self):
        self.requests: list[dict] = []
        self.pulls: list[dict] = []
        self.fail: tuple[int, dict] | None = None  # answer every request with this
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output quiet
                pass

            def _handle(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                record = {"method": self.command, "path": self.path, "headers": dict(self.headers),
                          "raw": raw, "json": json.loads(raw) if raw else None}
                fake.requests.append(record)
                status, payload = fake.answer(record)
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PATCH = _handle

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def answer(self, request):
        if self.fail:
            return self.fail
        parts = urlsplit(request["path"])
        segments = parts.path.strip("/").split("/")
        body = request["json"]
        if segments[:1] != ["repos"] or len(segments) < 4:
            return 404, {"message": "Not Found"}
        owner, repo = segments[1], segments[2]
        if segments[3:] == ["pulls"] and request["method"] == "GET":
            query = parse_qs(parts.query)
            head = query["head"][0]
            return 200, [p for p in self.pulls if p["state"] == query["state"][0] and p["head_label"] == head]
        if segments[3:] == ["pulls"] and request["method"] == "POST":
            number = len(self.pulls) + 1
            pull = {"number": number, "html_url": f"https://github.com/{owner}/{repo}/pull/{number}",
                    "state": "open", "head_label": f"{owner}:{body['head']}", **body}
            self.pulls.append(pull)
            return 201, pull
        if segments[3] == "pulls" and request["method"] == "PATCH":
            pull = self.pulls[int(segments[4]) - 1]
            pull.update(body)
            return 200, pull
        if segments[3] == "issues" and segments[5:] == ["labels"]:
            return 200, [{"name": name} for name in body["labels"]]
        return 404, {"message": "Not Found"}

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


@pytest.fixture
def github(monkeypatch):
    with FakeGitHub() as fake:
        monkeypatch.setenv("GITHUB_API_URL", fake.url)
        monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
        yield fake


@pytest.fixture
def gh_repo(repo):
    """The checkout's origin names github.com/acme/widgets; pushes go to the bare repository."""
    git(repo.work, "remote", "set-url", "origin", "https://github.com/acme/widgets.git")
    git(repo.work, "remote", "set-url", "--push", "origin", str(repo.origin))
    return repo


def test_client_sends_token_in_header_only(github):
    client = GitHub(github.url, TOKEN)
    assert client.find_open_pull("acme", "widgets", BRANCH) is None
    pull = client.create_pull("acme", "widgets", title="T", head=BRANCH, base="main", body="B")
    client.add_labels("acme", "widgets", pull["number"], ["bot", "jax"])
    get, post, labels = github.requests
    assert get["method"] == "GET"
    assert get["path"] == "/repos/acme/widgets/pulls?head=acme%3Ashardfix%2Ffixes&state=open"
    assert post["method"] == "POST" and post["path"] == "/repos/acme/widgets/pulls"
    assert post["json"] == {"title": "T", "head": BRANCH, "base": "main", "body": "B"}
    assert labels["path"] == "/repos/acme/widgets/issues/1/labels" and labels["json"] == {"labels": ["bot", "jax"]}
    for request in github.requests:
        headers = {k.lower(): v for k, v in request["headers"].items()}
        assert headers["authorization"] == f"Bearer {TOKEN}"
        assert headers["accept"] == "application/vnd.github+json"
        assert headers["x-github-api-version"] == "2022-11-28"
        assert TOKEN not in request["path"] and TOKEN.encode() not in request["raw"]
    assert TOKEN not in repr(client)


def test_run_pr_opens_then_updates_the_same_pull_request(gh_repo, github):
    repo = gh_repo
    before = state(repo.work)
    first = pr(repo.work, open=True, labels=["shardfix", "bot"])
    assert state(repo.work) == before
    assert first.pushed and first.pr_action == "opened" and first.pr_number == 1
    assert first.pr_url == "https://github.com/acme/widgets/pull/1"
    assert git(repo.origin, "rev-parse", f"refs/heads/{BRANCH}") == first.commit
    methods = [(r["method"], urlsplit(r["path"]).path) for r in github.requests]
    assert methods == [("GET", "/repos/acme/widgets/pulls"), ("POST", "/repos/acme/widgets/pulls"),
                       ("POST", "/repos/acme/widgets/issues/1/labels")]
    post = github.requests[1]["json"]
    assert post["head"] == BRANCH and post["base"] == "main" and post["title"] == "shardfix: fix JAX sharding issues"
    assert post["body"] == first.body and "pkg/a.py:4:12" in post["body"]

    github.requests.clear()
    second = pr(repo.work, open=True, title="shardfix: new title")
    assert second.pr_action == "updated" and second.pr_number == 1 and not second.created
    methods = [(r["method"], urlsplit(r["path"]).path) for r in github.requests]
    assert methods == [("GET", "/repos/acme/widgets/pulls"), ("PATCH", "/repos/acme/widgets/pulls/1")]
    assert github.requests[1]["json"] == {"title": "shardfix: new title", "body": second.body}
    assert len(github.pulls) == 1


def test_base_given_as_remote_branch(gh_repo, github):
    outcome = pr(gh_repo.work, open=True, base="origin/main")
    assert github.requests[1]["json"]["base"] == "main" and outcome.pr_action == "opened"


@pytest.mark.parametrize("status, payload, expected", [
    (401, {"message": "Bad credentials"}, "HTTP 401 Unauthorized: Bad credentials (check GITHUB_TOKEN)"),
    (403, {"message": "Resource not accessible by integration"}, "HTTP 403 Forbidden: Resource not accessible"),
    (404, {"message": "Not Found"}, "HTTP 404 Not Found: Not Found (the repository does not exist"),
    (422, {"message": "Validation Failed",
           "errors": [{"resource": "PullRequest", "code": "custom", "message": "No commits between main and x"}]},
     "HTTP 422 Unprocessable Entity: Validation Failed: No commits between main and x"),
    (500, {"message": "boom"}, "HTTP 500 Internal Server Error: boom"),
])
def test_http_errors_are_one_line(github, status, payload, expected):
    github.fail = (status, payload)
    with pytest.raises(GitHubError) as info:
        GitHub(github.url, TOKEN).find_open_pull("acme", "widgets", BRANCH)
    text = str(info.value)
    assert expected in text and "\n" not in text and TOKEN not in text
    assert info.value.__cause__ is None and info.value.__suppress_context__


@pytest.mark.parametrize("status", [401, 403, 404, 422])
def test_run_pr_api_errors_leave_checkout_alone(gh_repo, github, status):
    github.fail = (status, {"message": f"nope {status}"})
    before = state(gh_repo.work)
    with pytest.raises(PrError, match=f"HTTP {status}") as info:
        pr(gh_repo.work, open=True)
    assert "\n" not in str(info.value) and TOKEN not in str(info.value)
    assert state(gh_repo.work) == before


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_network_down(gh_repo, monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    monkeypatch.setenv("GITHUB_API_URL", f"http://127.0.0.1:{_closed_port()}")
    with pytest.raises(GitHubError, match="cannot reach the GitHub API at http://127.0.0.1"):
        GitHub(os.environ["GITHUB_API_URL"], TOKEN, timeout=5).find_open_pull("o", "r", "b")
    before = state(gh_repo.work)
    with pytest.raises(PrError, match="cannot reach the GitHub API") as info:
        pr(gh_repo.work, open=True)
    assert "\n" not in str(info.value)
    assert state(gh_repo.work) == before


def test_open_needs_a_github_remote(repo, github):
    with pytest.raises(PrError, match="cannot tell the GitHub repository"):
        pr(repo.work, open=True)  # origin is a local path


def test_redirect_to_another_host_drops_the_token():
    import urllib.request

    from codemods.github_api import _RedirectHandler

    req = urllib.request.Request("https://api.github.com/x", headers={"Authorization": "Bearer t"})
    same = _RedirectHandler().redirect_request(req, None, 301, "Moved", {}, "https://api.github.com/y")
    other = _RedirectHandler().redirect_request(req, None, 301, "Moved", {}, "https://evil.example/y")
    assert same.get_header("Authorization") == "Bearer t"
    assert other.get_header("Authorization") is None


# --------------------------------------------------------------------------- issue 9: the token


def test_token_never_leaks(gh_repo, github, capsys, caplog, monkeypatch):
    caplog.set_level(logging.DEBUG)
    body_file = gh_repo.tmp / "body.md"
    seen: list[str] = []
    outcome = pr(gh_repo.work, open=True, labels=["bot"], body_file=body_file)
    seen += [outcome.body, *outcome.messages, repr(outcome)]
    # an API that echoes the token in its error message
    github.fail = (401, {"message": f"Bad credentials: {TOKEN}"})
    with pytest.raises(PrError) as info:
        pr(gh_repo.work, open=True)
    seen += [str(info.value), repr(info.value)]
    # a remote URL with the token embedded, which git names in its errors
    github.fail = None
    git(gh_repo.work, "remote", "set-url", "--push", "origin",
        f"https://x-access-token:{TOKEN}@127.0.0.1:{_closed_port()}/acme/widgets.git")
    (gh_repo.work / "README.md").write_text("changed base\n")
    git(gh_repo.work, "commit", "-q", "-am", "base moves")
    with pytest.raises(PrError) as info:
        pr(gh_repo.work, open=True)
    seen += [str(info.value), repr(info.value)]
    # a dry run's stdout-bound body
    seen.append(pr(gh_repo.work, dry_run=True, open=True).body)
    out, err = capsys.readouterr()
    seen += [out, err, caplog.text]
    for text in seen:
        assert TOKEN not in text
    # nothing written to disk holds it outside the one place the test itself put it (git config)
    git(gh_repo.work, "remote", "set-url", "--push", "origin", str(gh_repo.origin))
    for path in gh_repo.tmp.rglob("*"):
        if path.is_file() and not path.is_symlink():
            assert TOKEN.encode() not in path.read_bytes(), path
    history = git(gh_repo.work, "log", "--all", "-p", "--format=%an %ae %B")
    assert TOKEN not in history
    # only the Authorization header carried it
    for request in github.requests:
        assert TOKEN not in request["path"] and TOKEN.encode() not in request["raw"]
