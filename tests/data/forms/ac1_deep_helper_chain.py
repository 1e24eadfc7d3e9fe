import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

DT = 0.1


def vector_field(w, y):
    return jnp.tanh(y * w)


def integrate(w, y0, steps=3):
    def euler(y, _):
        return y + DT * vector_field(w, y), None
    return jax.lax.scan(euler, y0, None, length=steps)[0]


def ode_body(h):
    def accumulate(total, row):
        w = jax.lax.all_gather(row, "j", tiled=True, to="invarying")
        return total + jnp.sum(integrate(w, w) ** 2), None
    total, _ = jax.lax.scan(accumulate, jax.lax.pcast(jnp.zeros(()), "i", to="varying"), h)
    return jax.lax.psum(total, ("i", "j"))  # SF105


def gelu_like(h):
    return h * jax.nn.sigmoid(1.702 * h)


class Mlp:
    def __call__(self, h):
        return gelu_like(h) + 1.0


class Block:
    def __init__(self):
        self.mlp = Mlp()

    def residual(self, h):
        return h + self.mlp(h)

    def __call__(self, h):
        return self.residual(jax.lax.psum(h, "j"))


class Model:
    def __init__(self):
        self.block = Block()

    def encode(self, h):
        return self.block(h)

    def __call__(self, h):
        local = self.encode(h)
        return jax.lax.pmean(local, ("i", "j"))  # SF105


def run(mesh, x):
    model = Model()
    return (jax.shard_map(ode_body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x),
            jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x))
