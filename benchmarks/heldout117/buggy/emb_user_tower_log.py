"""Two-tower retrieval: user tower forward with a logging hook.

Meshes, parameter layouts and hooks are all written as short strings in the
launcher config so that ops can change them without touching the model code.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "data=4,model=2"

# (path regex, layout) -- first match wins
PARAM_RULES = [
    (r"^user/dense_\d+/kernel$", "model,-"),
    (r"^user/.*/bias$", "-"),
    (r".*", "-"),
]
BATCH_LAYOUT = "data,model"
HOOKS = "log_scores@model"


def parse_mesh(text):
    sizes, names = [], []
    for item in text.split(","):
        name, _, size = item.strip().partition("=")
        names.append(name)
        sizes.append(int(size))
    return jax.make_mesh(tuple(sizes), tuple(names))


def parse_spec(text):
    dims = []
    for tok in text.split(","):
        tok = tok.strip()
        if tok in ("-", ""):
            dims.append(None)
        elif "+" in tok:
            dims.append(tuple(tok.split("+")))
        else:
            dims.append(tok)
    return P(*dims)


def layout_for(path):
    for pattern, spec in PARAM_RULES:
        if re.match(pattern, path):
            return parse_spec(spec)
    raise KeyError(path)


def parse_hooks(text):
    hooks = {}
    for item in text.split(";"):
        name, _, axis = item.partition("@")
        hooks[name] = axis
    return hooks


def user_tower(feats, kernel, hooks):
    partial = feats @ kernel
    scores = jax.lax.psum(partial, "model")
    scores = jax.nn.relu(scores)
    log_axis = hooks["log_scores"]
    return jax.lax.all_gather(scores, log_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(0)
    feats = rng.normal(size=(16, 32)).astype(np.float32)
    kernel = (rng.normal(size=(32, 8)) * 0.1).astype(np.float32)
    return feats, kernel


def main(feats, kernel):
    mesh = parse_mesh(MESH)
    hooks = parse_hooks(HOOKS)
    k_spec = layout_for("user/dense_0/kernel")
    b_spec = parse_spec(BATCH_LAYOUT)
    feats = jax.device_put(feats, NamedSharding(mesh, b_spec))
    kernel = jax.device_put(kernel, NamedSharding(mesh, k_spec))
    fwd = jax.shard_map(
        lambda f, k: user_tower(f, k, hooks),
        mesh=mesh,
        in_specs=(b_spec, k_spec),
        out_specs=P("data", None, reduced={"model"}),
    )
    out = fwd(feats, kernel)
    print("user embeddings", out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
