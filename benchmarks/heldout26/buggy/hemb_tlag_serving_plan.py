"""Publish hashed embedding tables to the serving tier, in the layout the serving plan names."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_PLAN = {"user": P("table", None), "item": P("table", None)}
SERVING_PLAN = {
    "user": P(None, None, reduced={"table"}),
    "item": P("data", None),
}


def publish(tables, mesh):
    out = {}
    with jax.set_mesh(mesh):
        for name, weight in tables.items():
            out[name] = top_level_all_gather(weight, SERVING_PLAN[name])
    return out


def inputs():
    rng = np.random.default_rng(2664)
    return ({"user": rng.standard_normal((32, 8)).astype(np.float32),
             "item": rng.standard_normal((64, 8)).astype(np.float32)},)


def main(tables):
    mesh = jax.make_mesh((2, 4), ("data", "table"))
    placed = {name: jax.device_put(w, NamedSharding(mesh, TRAIN_PLAN[name])) for name, w in tables.items()}
    return publish(placed, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
