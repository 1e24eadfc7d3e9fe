import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

EPS = 0.2
ACTIVATIONS = {
    "relu": lambda v: jax.nn.relu(v),
    "linear": lambda v: v,
    "identity": lambda v: (v, None)[0],
}


def varying_carry(a, b):
    def step(carry, rows):
        left, right = rows
        return carry + left * right, None
    init = jax.lax.pcast(jnp.zeros_like(a[0]), "i", to="varying")
    total, _ = jax.lax.scan(step, init, (a, b))
    return jax.lax.psum(total, ("i", "j"))  # none: varying on both axes


def pooled_varying(h):
    full = jax.lax.all_gather(h, "j", axis=1, tiled=True, to="varying")
    rows, cols = full.shape
    return jnp.mean(full.reshape(rows, cols // 2, 2), axis=2)  # none: gathered to varying


def clipped_varying(h):
    return jnp.clip(h, 1 - EPS, 1 + EPS)  # none: not reduced


def gathered(a, b, to="varying"):
    mesh = jax.make_mesh((2, 4), ("i", "j"))

    def body(a, b):
        full = jax.lax.all_gather(a + b, "j", axis=1, tiled=True, to=to)
        return full * 2  # none: the default gathers to varying

    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=P("i", "j"))(a, b)


class Scorer:
    def __init__(self, activation):
        self.activation = ACTIVATIONS[activation]

    def activated(self, h):
        return self.activation(jax.lax.all_gather(h, "j", axis=1, tiled=True, to="reduced"))

    def evaluate(self, mesh, x):
        return jax.shard_map(self.activated, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


def run(mesh, x):
    return (jax.shard_map(varying_carry, mesh=mesh, in_specs=(P(None, "j"), P(None, "j")), out_specs=P())(x, x),
            jax.shard_map(pooled_varying, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x),
            jax.shard_map(clipped_varying, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x),
            gathered(*(x, x)),
            Scorer("linear").evaluate(mesh, x), Scorer("identity").evaluate(mesh, x))
