"""A tiny GitHub REST client for `shardfix pr --open` (urllib only, no new dependency).

The token travels in the Authorization header only: never in a URL, a message, a repr or a
log. Every failure (HTTP status, unreachable host, timeout, unreadable answer) becomes one
`GitHubError` whose text is a single line naming the status and GitHub's own message.
"""
from __future__ import annotations

import json
import re
import socket
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import field
from codemods.dataclass_code import dataclass
from typing import Any

PUBLIC_API = "https://api.github.com"
PUBLIC_HOSTS = frozenset({"github.com", "www.github.com", "ssh.github.com"})
API_VERSION = "2022-11-28"
TIMEOUT = 30.0

_HINTS = {
    401: "check GITHUB_TOKEN",
    403: "the token lacks permission for this repository (pull requests: write), or a rate limit was hit",
    404: "the repository does not exist or the token cannot see it",
}


class GitHubError(Exception):
    """One line for the user; never contains the token."""


@dataclass(frozen=True)
class RemoteRepo:
    host: str  # lower case, without user and port
    owner: str
    repo: str

    @property
    def slug(self) -> str:
        return f"{self.owner}/{self.repo}"


_SCP = re.compile(r"^(?:[^@/:]+@)?(?P<host>[^/:]+):(?P<path>[^/].*)$")


def parse_remote_url(url: str) -> RemoteRepo | None:
    """owner/repo of a GitHub (or GitHub Enterprise) remote URL, or None for anything else.

    Accepts https://host/o/r(.git)(/), http://, ssh://[user@]host[:port]/o/r.git, git://,
    and scp-like [user@]host:o/r.git. Local paths and file:// URLs give None.
    """
    url = url.strip()
    if not url:
        return None
    if "://" in url:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme.lower() not in {"https", "http", "ssh", "git", "git+ssh", "ssh+git"}:
            return None
        host = parts.hostname or ""
        path = parts.path
    else:
        match = _SCP.match(url)
        # "C:/x" is a Windows path, not host "C"
        if not match or len(match.group("host")) == 1:
            return None
        host, path = match.group("host"), match.group("path")
    segments = [s for s in path.split("/") if s]
    if not host or len(segments) < 2:
        return None
    owner, repo = segments[-2], segments[-1]
    repo = repo.removesuffix(".git")
    if not owner or not repo or owner.startswith("~"):
        return None
    return RemoteRepo(host.lower(), owner, repo)


def api_base_for(remote: RemoteRepo | None, env: Mapping[str, str]) -> str:
    """GITHUB_API_URL when set; else the public API for github.com, https://HOST/api/v3 for a
    GitHub Enterprise host. A token is never sent to a host the remote does not point at."""
    configured = (env.get("GITHUB_API_URL") or "").strip()
    if configured:
        return configured.rstrip("/")
    if remote is None or remote.host in PUBLIC_HOSTS:
        return PUBLIC_API
    if "." not in remote.host:  # an ssh alias from ~/.ssh/config: the real host is unknown
        raise GitHubError(f"cannot tell which GitHub API serves host {remote.host!r}; set GITHUB_API_URL")
    return f"https://{remote.host}/api/v3"


class _RedirectHandler(urllib.request.HTTPRedirectHandler):
    """Follow redirects, but never carry the Authorization header to another host."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        if new is not None:
            old, target = urllib.parse.urlsplit(req.full_url), urllib.parse.urlsplit(new.full_url)
            if (old.scheme, old.netloc) != (target.scheme, target.netloc):
                for name in list(new.headers):
                    if name.lower() == "authorization":
                        del new.headers[name]
                new.unredirected_hdrs.pop("Authorization", None)
        return new


def _one_line(text: str, limit: int = 300) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _github_message(raw: bytes) -> str:
    """GitHub's error text: `message`, plus the first entry of `errors` (422 details)."""
    try:
        data = json.loads(raw.decode("utf-8", "replace"))
    except ValueError:
        return _one_line(raw.decode("utf-8", "replace"), 200)
    if not isinstance(data, dict):
        return ""
    message = str(data.get("message") or "")
    details = []
    for error in data.get("errors") or []:
        if isinstance(error, dict):
            text = error.get("message") or " ".join(
                str(error[k]) for k in ("resource", "field", "code") if error.get(k))
            if text:
                details.append(str(text))
        elif error:
            details.append(str(error))
    if details:
        message = f"{message}: {'; '.join(details)}" if message else "; ".join(details)
    return _one_line(message)


@dataclass
class GitHub:
    api_base: str = PUBLIC_API
    token: str = field(default="", repr=False)
    timeout: float = TIMEOUT

    def __post_init__(self) -> None:
        self.api_base = self.api_base.rstrip("/")
        self._opener = urllib.request.build_opener(_RedirectHandler())

    def _redact(self, text: str) -> str:
        return text.replace(self.token, "***") if self.token else text

    def request(self, method: str, path: str, *, query: Mapping[str, str] | None = None,
                body: Any = None) -> Any:
        """The decoded JSON answer of `method api_base+path`; GitHubError on any failure."""
        url = self.api_base + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Accept", "application/vnd.github+json")
        request.add_header("X-GitHub-Api-Version", API_VERSION)
        request.add_header("User-Agent", "shardfix")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        what = f"{method} {path}"
        try:
            with self._opener.open(request, timeout=self.timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as exc:
            try:
                detail = _github_message(exc.read())
            except Exception:  # noqa: BLE001 - the body is only decoration
                detail = ""
            hint = _HINTS.get(exc.code)
            text = f"GitHub API {what} failed: HTTP {exc.code} {exc.reason}"
            text += f": {detail}" if detail else ""
            text += f" ({hint})" if hint else ""
            raise GitHubError(self._redact(_one_line(text, 500))) from None
        except urllib.error.URLError as exc:
            reason = exc.reason
            if isinstance(reason, (socket.timeout, TimeoutError)):
                text = f"GitHub API at {self.api_base} did not answer within {self.timeout:g}s ({what})"
            else:
                text = f"cannot reach the GitHub API at {self.api_base}: {reason}"
            raise GitHubError(self._redact(_one_line(text, 500))) from None
        except TimeoutError:
            raise GitHubError(f"GitHub API at {self.api_base} did not answer within {self.timeout:g}s ({what})") from None
        except (OSError, ValueError) as exc:  # connection reset, bad URL, ...
            text = f"cannot talk to the GitHub API at {self.api_base}: {type(exc).__name__}: {exc}"
            raise GitHubError(self._redact(_one_line(text, 500))) from None
        if not raw.strip():
            return None
        try:
            return json.loads(raw.decode("utf-8"))
        except ValueError:
            raise GitHubError(f"GitHub API {what} returned an answer that is not JSON") from None

    # ----------------------------------------------------------------- pull requests

    def find_open_pull(self, owner: str, repo: str, branch: str) -> dict | None:
        """The open pull request whose head is owner:branch, or None."""
        found = self.request("GET", f"/repos/{_q(owner)}/{_q(repo)}/pulls",
                             query={"head": f"{owner}:{branch}", "state": "open"})
        if not isinstance(found, list):
            raise GitHubError(f"GitHub API GET /repos/{owner}/{repo}/pulls returned an unexpected answer")
        return found[0] if found else None

    def create_pull(self, owner: str, repo: str, *, title: str, head: str, base: str, body: str) -> dict:
        return self._pull(self.request("POST", f"/repos/{_q(owner)}/{_q(repo)}/pulls",
                                       body={"title": title, "head": head, "base": base, "body": body}))

    def update_pull(self, owner: str, repo: str, number: int, *, title: str, body: str) -> dict:
        return self._pull(self.request("PATCH", f"/repos/{_q(owner)}/{_q(repo)}/pulls/{int(number)}",
                                       body={"title": title, "body": body}))

    def add_labels(self, owner: str, repo: str, number: int, labels: Sequence[str]) -> Any:
        return self.request("POST", f"/repos/{_q(owner)}/{_q(repo)}/issues/{int(number)}/labels",
                            body={"labels": list(labels)})

    @staticmethod
    def _pull(answer: Any) -> dict:
        if not isinstance(answer, dict) or "number" not in answer:
            raise GitHubError("GitHub API returned an unexpected answer for a pull request")
        return answer


def _q(segment: str) -> str:
    return urllib.parse.quote(segment, safe="")
