"""Two-tower retrieval: dump the item tower's embeddings for the ANN index build.

The dump job reads its settings as a single "k=v k=v" line from the scheduler.
"""
import shlex

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

JOB_LINE = "mesh=data:4,model:2 items=data,model dump-axes=data+model hidden-axis=model"


def read_job(line):
    opts = {}
    for tok in shlex.split(line):
        key, _, value = tok.partition("=")
        opts[key.replace("-", "_")] = value
    return opts


def mesh_from(opts):
    pairs = [p.split(":") for p in opts["mesh"].split(",")]
    return jax.make_mesh(tuple(int(n) for _, n in pairs), tuple(a for a, _ in pairs))


def spec_from(text):
    return P(*[None if t == "-" else t for t in text.split(",")])


def axes_from(text):
    parts = tuple(text.split("+"))
    return parts[0] if len(parts) == 1 else parts


def item_tower(items, w, opts):
    hidden = axes_from(opts["hidden_axis"])
    h = jnp.tanh(items * w)
    full = jax.lax.all_gather(h, hidden, axis=1, tiled=True, to="reduced")
    return full


def dump(emb, opts):
    axes = axes_from(opts["dump_axes"])
    return jax.lax.all_gather(emb, axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(1)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(1, 16)).astype(np.float32)


def main(items, w):
    opts = read_job(JOB_LINE)
    mesh = mesh_from(opts)
    spec = spec_from(opts["items"])
    items = jax.device_put(items, NamedSharding(mesh, spec))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))

    def body(x, w):
        return dump(item_tower(x, w, opts), opts)

    out = jax.shard_map(body, mesh=mesh, in_specs=(spec, P(None, "model")),
                        out_specs=P(None, None, reduced={"data", "model"}))(items, w)
    print("index rows", out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
