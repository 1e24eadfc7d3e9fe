"""As gb1, but the parameter is placed split over 'i' while in_specs says 'j': on Explicit axes the
tracer's layout is its type, JAX rejects the input at the shard_map call, and the body (whose psum
would raise) is never traced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

ORDER = {"j": 1, "i": 0}  # mesh axes by position


class Settings:
    def __init__(self, order):
        self.axes = tuple(sorted(order, key=order.get))
        self.shape = (2, 4)


SETTINGS = Settings(ORDER)


def build_mesh(settings):
    names = settings.axes
    return jax.make_mesh(settings.shape, names, axis_types=(AxisType.Explicit,) * len(names))


def make_loss(mesh, reduce_over):
    def body(w):
        return jax.lax.psum(jnp.sum(w * w), reduce_over)  # (never traced: the call raises first)

    mapped = jax.shard_map(body, mesh=mesh, in_specs=P(None, "j"), out_specs=P())

    def loss(params):
        return mapped(params["w"])
    return loss


def main():
    mesh = build_mesh(SETTINGS)
    params = {"w": jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", None)))}
    with jax.set_mesh(mesh):
        value, grads = jax.value_and_grad(make_loss(mesh, SETTINGS.axes))(params)
    return value, grads


if __name__ == "__main__":
    main()
