"""Decoder LM: attention block with an activation tap for the interpretability dashboard.

Parameter layouts come from (regex, layout) rules matched against flat parameter
paths; layouts are written as "logical:axis" words.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "data=2,model=4"
RULES = [
    (r"attn/(wq|wk|wv)$", "embed:- heads:model"),
    (r"attn/wo$", "heads:model embed:-"),
    (r"taps/attn_out$", "batch:data embed:model"),
    (r".*", ""),
]
ACTIVATIONS = "batch:data embed:-"


def mesh_from(text):
    dims = dict(kv.split("=") for kv in text.split(","))
    return jax.make_mesh(tuple(int(v) for v in dims.values()), tuple(dims))


def layout(text):
    return P(*[None if ax == "-" else ax for _, _, ax in (w.partition(":") for w in text.split())])


def rule_for(path):
    return next(layout(spec) for pat, spec in RULES if re.search(pat, path))


def tap_axis(path):
    spec = rule_for(path)
    return [ax for ax in spec if ax is not None][-1]


def attention(x, wq, wk, wv, wo):
    q, k, v = x @ wq, x @ wk, x @ wv
    w = jax.nn.softmax(q @ k.T / np.sqrt(q.shape[-1]), axis=-1)
    partial = (w @ v) @ wo
    out = jax.lax.psum(partial, "model")
    tap = jax.lax.all_gather(out, tap_axis("taps/attn_out"), axis=1, tiled=True, to="reduced")
    return out, tap


def inputs():
    rng = np.random.default_rng(40)
    x = rng.normal(size=(8, 16)).astype(np.float32)
    ws = [(rng.normal(size=(16, 16)) * 0.1).astype(np.float32) for _ in range(4)]
    return (x, *ws)


def main(x, wq, wk, wv, wo):
    mesh = mesh_from(MESH)
    names = ["attn/wq", "attn/wk", "attn/wv", "attn/wo"]
    specs = [rule_for(n) for n in names]
    aspec = layout(ACTIVATIONS)
    x = jax.device_put(x, NamedSharding(mesh, aspec))
    ws = [jax.device_put(w, NamedSharding(mesh, s)) for w, s in zip((wq, wk, wv, wo), specs)]
    out, tap = jax.shard_map(attention, mesh=mesh, in_specs=(aspec, *specs),
                             out_specs=(aspec, P("data", None, reduced={"model"})))(x, *ws)
    print(out.shape, tap.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
