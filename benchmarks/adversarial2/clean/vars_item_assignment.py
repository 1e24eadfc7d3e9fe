"""vars(ns)[key] = value writes the namespace's attribute."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

hparams = types.SimpleNamespace(axes=("data", "model"), dropout=0.0)


def load_overrides(ns, text):
    for line in text.strip().splitlines():
        k, v = (s.strip() for s in line.split(":"))
        vars(ns)[k] = tuple(v.split()) if k == "axes" else float(v)


load_overrides(hparams, """
axes: data
dropout: 0.1
""")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(v):
        kept = v * (1.0 - hparams.dropout)
        return jax.lax.psum(jnp.sum(kept), hparams.axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
