"""Negative log-likelihood objective of the flow and its gradient."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

BATCH, HIDDEN = "batch", "hidden"
MESH_AXES = (BATCH, HIDDEN)
DATA_SPEC = P(BATCH, None)


@jax.tree_util.register_pytree_node_class
class CouplingStack:
    """Stacked affine couplings; the conditioner MLP is split over the hidden axis."""

    def __init__(self, w_hidden, w_out, clamp=2.0):
        self.w_hidden = w_hidden   # [layers, d/2, width]   column-parallel
        self.w_out = w_out         # [layers, width, d]     row-parallel
        self.clamp = clamp

    def tree_flatten(self):
        return (self.w_hidden, self.w_out), self.clamp

    @classmethod
    def tree_unflatten(cls, clamp, children):
        return cls(*children, clamp=clamp)

    @staticmethod
    def specs():
        return CouplingStack(P(None, None, HIDDEN), P(None, HIDDEN, None))


@jax.custom_jvp
def soft_clamp(s, bound):
    return bound * jnp.tanh(s / bound)


@soft_clamp.defjvp
def _soft_clamp_jvp(primals, tangents):
    s, bound = primals
    ds, _ = tangents
    t = jnp.tanh(s / bound)
    return bound * t, ds * (1.0 - t * t)


def coupling(clamp, x, layer):
    w_hidden, w_out = layer
    d = x.shape[-1] // 2
    x1, x2 = x[..., :d], x[..., d:]
    with jax.named_scope("conditioner"):
        h = jnp.tanh(x1 @ w_hidden)
        st = jax.lax.psum(h @ w_out, HIDDEN)
    s, t = soft_clamp(st[..., :d], clamp), st[..., d:]
    y2 = x2 * jnp.exp(s) + t
    y = jnp.concatenate([y2, x1], axis=-1)
    return y, (jnp.sum(s, axis=-1), h)


def flow_forward(stack, x):
    step = jax.checkpoint(functools.partial(coupling, stack.clamp),
                          policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
    z, (logdets, hiddens) = jax.lax.scan(step, x, (stack.w_hidden, stack.w_out))
    return z, jnp.sum(logdets, axis=0), hiddens


def log_prob(stack, x):
    z, logdet, hiddens = flow_forward(stack, x)
    base = -0.5 * jnp.sum(z * z, axis=-1) - 0.5 * z.shape[-1] * jnp.log(2 * jnp.pi)
    return base + logdet, hiddens


def make_mesh():
    return jax.make_mesh((4, 2), MESH_AXES)


def place(mesh, stack, x):
    stack = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), stack, CouplingStack.specs())
    return stack, jax.device_put(x, NamedSharding(mesh, DATA_SPEC))


def inputs():
    rng = np.random.default_rng(1)
    layers, d, width, n = 3, 8, 16, 32
    stack = CouplingStack(rng.normal(size=(layers, d // 2, width)).astype(np.float32) * 0.2,
                          rng.normal(size=(layers, width, d)).astype(np.float32) * 0.2)
    return stack, rng.normal(size=(n, d)).astype(np.float32)


def nll(stack, x):
    ll, _ = log_prob(stack, x)
    return -jax.lax.psum(jnp.sum(ll), MESH_AXES) / (x.shape[0] * 4)


@jax.jit
def evaluate(stack, x):
    loss_fn = jax.shard_map(nll, in_specs=(CouplingStack.specs(), DATA_SPEC), out_specs=P())
    return jax.value_and_grad(loss_fn)(stack, x)


def main(stack, x):
    mesh = make_mesh()
    with jax.set_mesh(mesh):
        stack, x = place(mesh, stack, x)
        return evaluate(stack, x)


if __name__ == "__main__":
    main(*inputs())
