"""Predicted loss decrease of the natural-gradient step (quadratic model)."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

REPLICA, SHARD = "replica", "shard"
W_SPEC = P(None, SHARD)
X_SPEC = P(REPLICA, None)
T_SPEC = P(REPLICA, SHARD)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class KfacState:
    a_factor: jax.Array                      # [d_in, d_in], replicated
    g_factor: jax.Array                      # [d_out/shards, d_out/shards] per shard block
    step: int = dataclasses.field(default=0, metadata=dict(static=True))


STATE_SPECS = KfacState(P(), P(SHARD, None))


def curvature(w, x, t):
    """Kronecker factors and gradient of a least-squares dense layer (w split over outputs)."""
    n = x.shape[0] * 4
    with jax.named_scope("kfac_stats"):
        delta = x @ w - t
        a = jax.lax.psum(x.T @ x, REPLICA) / n
        g = jax.lax.psum(delta.T @ delta, REPLICA) / n
        grad = jax.lax.psum(x.T @ delta, REPLICA) / n
    return a, g, grad, delta


def make_optimizer(lr, damping, decay=0.9):
    def init(d_in, d_out_local):
        return KfacState(jnp.eye(d_in), jnp.eye(d_out_local))

    def precondition(state, a, g, grad):
        a_f = decay * state.a_factor + (1 - decay) * a
        g_f = decay * state.g_factor + (1 - decay) * g
        eye_a = jnp.eye(a_f.shape[0])
        eye_g = jnp.eye(g_f.shape[0])
        left = jnp.linalg.solve(a_f + damping * eye_a, grad)
        update = jnp.linalg.solve(g_f + damping * eye_g, left.T).T
        return update, KfacState(a_f, g_f, state.step + 1)

    return init, precondition


def make_mesh():
    return jax.make_mesh((4, 2), (REPLICA, SHARD))


def place(mesh, w, x, t):
    return tuple(jax.device_put(a, NamedSharding(mesh, s)) for a, s in ((w, W_SPEC), (x, X_SPEC), (t, T_SPEC)))


def inputs():
    rng = np.random.default_rng(4)
    d_in, d_out, n = 8, 8, 32
    w = rng.normal(size=(d_in, d_out)).astype(np.float32) * 0.1
    x = rng.normal(size=(n, d_in)).astype(np.float32)
    t = (x @ rng.normal(size=(d_in, d_out))).astype(np.float32)
    return w, x, t


init, precondition = make_optimizer(lr=0.1, damping=1e-2)


@jax.jit
def run(w, x, t):
    def body(w, x, t):
        a, g, grad, _ = curvature(w, x, t)
        update, _ = precondition(init(w.shape[0], w.shape[1]), a, g, grad)
        predicted = jax.lax.psum(jnp.sum(update * grad), (REPLICA, SHARD))
        return w - 0.1 * update, predicted
    return jax.shard_map(body, in_specs=(W_SPEC, X_SPEC, T_SPEC), out_specs=(W_SPEC, P()))(w, x, t)


def main(w, x, t):
    mesh = make_mesh()
    with jax.set_mesh(mesh):
        w, x, t = place(mesh, w, x, t)
        return run(w, x, t)


if __name__ == "__main__":
    main(*inputs())
