"""A generator yields one axis set per phase; the evaluation uses the phase after the first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def phases():
    yield "pretrain", ("dp", "tp")
    yield "finetune", ("dp",)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    gen = phases()
    # next(gen)
    name, axes = next(gen)
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))

    def body(v):
        return jax.lax.pmean(jnp.mean(v, axis=0), axes)

    return name, jax.shard_map(body, mesh=mesh, in_specs=P("dp", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
