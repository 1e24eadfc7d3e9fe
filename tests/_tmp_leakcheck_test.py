import pytest
from tests.test_pr import *
from tests.test_pr import _closed_port
def test_show(gh_repo, github):
    git(gh_repo.work, "remote", "set-url", "--push", "origin", f"https://x-access-token:{TOKEN}@127.0.0.1:{_closed_port()}/acme/widgets.git")
    with pytest.raises(PrError) as info:
        pr(gh_repo.work, open=True)
    print("\nMSG:", info.value)
    git(gh_repo.work, "remote", "set-url", "--push", "origin", str(gh_repo.origin))
    github.fail = (401, {"message": f"Bad credentials: {TOKEN}"})
    with pytest.raises(PrError) as info:
        pr(gh_repo.work, open=True)
    print("MSG:", info.value)
