"""value_and_grad(has_aux=True) of replicated params: the grads are invariant, pmean over both is fine."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return ({"w": np.ones((8, 4), np.float32), "b": np.zeros((4,), np.float32)},
            np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0)


def main(params, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = jax.device_put(params, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def loss_fn(p, batch):
        out = batch @ p["w"] + p["b"]
        return jnp.mean(out ** 2), {"out_norm": jnp.linalg.norm(out)}

    def step(p, batch):
        (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(p, batch)
        grads = jax.tree.map(lambda g: jax.lax.pmean(g, ("data", "model")), grads)
        return grads, jax.lax.pmean(loss, "data"), jax.lax.pmax(aux["out_norm"], "data")

    return jax.shard_map(step, mesh=mesh, in_specs=(P(), P("data", None)),
                         out_specs=(P(), P(), P()))(params, x)


if __name__ == "__main__":
    print(main(*inputs()))
