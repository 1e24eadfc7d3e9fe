import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import typing
class Layout(typing.TypedDict):
    dp: str
    tp: str
class Axes(typing.NamedTuple):
    dp: str
    tp: str = "model"
lay = Layout(dp="data", tp="model")
ax = Axes(lay["dp"])
hints = typing.get_type_hints(Axes)
assert "tp" in hints
AXES = tuple(ax)
DATA, MODEL = ax.dp, ax.tp


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
