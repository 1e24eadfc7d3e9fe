import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import collections
Axes = collections.namedtuple("Axes", ["data", "model"], defaults=["model"])
ax = Axes._make(["data", "model"])
assert Axes("data").model == "model" and Axes._field_defaults == {"model": "model"}
d = ax._asdict()
AXES = tuple(d.values())
DATA, MODEL = ax.data, d["model"]


def body(x):
    y = lax.psum(x, DATA)
    return lax.pmean(y, AXES)  # SF105


def main():
    mesh = jax.make_mesh((2, 4), AXES)
    f = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(DATA, MODEL)))
    return f(x)


if __name__ == "__main__":
    main()
