"""Collective arguments assembled in a dict (per parallelism mode) and splatted into the call."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODES = {
    "zero": {"axis_name": ("data", "shard")},
    "ddp": {"axis_name": "data"},
}


def inputs():
    return "ddp", np.arange(32, dtype=np.float32).reshape(8, 4)


def main(mode, x):
    mesh = jax.make_mesh((2, 4), ("data", "shard"))
    spec = P(("data", "shard")) if mode == "zero" else P("data")
    x = jax.device_put(x, NamedSharding(mesh, spec))
    kwargs = MODES[mode]

    def body(b):
        return jax.lax.pmean(jnp.mean(b, axis=0), **kwargs)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
