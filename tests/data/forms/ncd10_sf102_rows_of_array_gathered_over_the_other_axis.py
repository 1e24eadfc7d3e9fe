import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WEIGHTS = np.array([35 / 384, 0, 500 / 1113, -2187 / 6784], np.float32)


def combine(stages, dt):
    return dt * sum(float(w) * k for w, k in zip(WEIGHTS, list(stages)))


def body(stages):
    field = jax.lax.all_gather(combine(stages, 0.01), "j", axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(field, "i", axis=0, tiled=True, to="reduced")


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    stages = jax.device_put(np.ones((4, 8, 16), np.float32), NamedSharding(mesh, P(None, "i", "j")))
    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(stages)
