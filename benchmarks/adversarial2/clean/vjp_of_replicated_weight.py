"""The VJP of a replicated weight is summed by JAX: invariant on both axes, so pmean over both is fine."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.ones((8,), np.float32), np.arange(64, dtype=np.float32).reshape(8, 8))


def main(w, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(w_, v):
        def loss(p):
            return jnp.sum(v @ p)

        out, pullback = jax.vjp(loss, w_)
        (gw,) = pullback(jnp.ones_like(out))
        return jax.lax.pmean(gw, ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=(P(), P("data", None)), out_specs=P())(w, x)


if __name__ == "__main__":
    print(main(*inputs()))
