"""Near miss of cn16: the container keeps the list itself, not a copy, and the caller pops the
gathering layer after building it; only the summing layer runs."""
import jax
from jax.sharding import PartitionSpec as P


class SharedMean:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        m = jax.lax.pmean(x, self.axis)
        return jax.lax.all_gather(m, self.axis, axis=0, to="reduced", tiled=True)


class Sum:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        return jax.lax.psum(x, self.axis)


class Sequential:
    def __init__(self, layers):
        self.layers = layers

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def main(mesh, x):
    stack = []
    for axis in ("j",):
        stack.append(Sum(axis))
        stack.append(SharedMean(axis))
    model = Sequential(stack)
    stack.pop()
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
