"""A `dict` subclass registry filled as the module loads (`REDUCERS.register("max", jax.lax.pmax)`,
and `@REDUCERS.register("mean")` over a def), read in a constructor as `REDUCERS[reduction]`:
the object's `reduce` is `jax.lax.pmax`, which meets the tokens the gather reduced over 'j'."""
import jax
from jax.sharding import PartitionSpec as P


class Registry(dict):
    def register(self, name, fn=None):
        if fn is None:
            return lambda f: self.register(name, f)
        self[name] = fn
        return fn


REDUCERS = Registry()
REDUCERS.register("sum", jax.lax.psum)
REDUCERS.register("max", jax.lax.pmax)


@REDUCERS.register("mean")
def mean(x, axis):
    return jax.lax.pmean(x, axis)


class TokenPooling:
    gather_axis = "j"
    reduce_axis = "j"

    def __init__(self, reduction="max"):
        self.reduce = REDUCERS[reduction]

    def gather_tokens(self, h):
        return jax.lax.all_gather(h, self.gather_axis, axis=1, to="reduced", tiled=True)

    def __call__(self, h):
        tokens = self.gather_tokens(h)
        return self.reduce(tokens, self.reduce_axis).sum(axis=1)  # SF103


def main(mesh, x):
    head = TokenPooling("max")
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
