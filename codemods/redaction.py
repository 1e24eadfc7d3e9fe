"""What never leaves shardfix: the GitHub token and credentials written into URLs."""
from __future__ import annotations

import os
import re


def token() -> str:
    return os.environ.get("GITHUB_TOKEN", "")


_USERINFO = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*://)[^/@\s]*@")


def redact(text: str) -> str:
    """`text` without the GitHub token and without credentials embedded in URLs."""
    secret = token()
    if secret:
        text = text.replace(secret, "***")
    return _USERINFO.sub(lambda m: m.group("scheme") + "***@", text)
