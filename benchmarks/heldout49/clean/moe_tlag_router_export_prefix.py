"""Export router weights from the expert-parallel training layout to a replicated serving copy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class RouterLayouts:
    train = P(None, ("expert", "data"))
    serve = P(None, "expert", reduced={"data"})


def init_router(mesh, d_model=16, experts=8):
    w = np.random.default_rng(3).normal(size=(d_model, experts)).astype(np.float32) * 0.02
    return jax.device_put(w, NamedSharding(mesh, RouterLayouts.train))


def export(router):
    return top_level_all_gather(router, RouterLayouts.serve)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    return (mesh,)


def main(mesh):
    with jax.set_mesh(mesh):
        router = init_router(mesh)
        served = export(router)
    return jnp.asarray(served).sum()


if __name__ == "__main__":
    main(*inputs())
