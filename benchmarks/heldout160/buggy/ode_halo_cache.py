"""sim/advection.py: upwind advection along x; the boundary row each block needs from its
neighbour is kept in a small cache object and exchanged inside the fori_loop."""
import numpy as np
# ---- xform_lite (vendored from our infra/xform.py; keep in sync by hand) ----------------
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_grad(x, bound):
    """Identity forward; the backward pass clips the incoming cotangent to [-bound, bound]."""
    return x


def _clip_grad_fwd(x, bound):
    return x, None


def _clip_grad_bwd(bound, _, g):
    return (jnp.clip(g, -bound, bound),)


clip_grad.defvjp(_clip_grad_fwd, _clip_grad_bwd)


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-12))


@safe_log.defjvp
def _safe_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    # the floor keeps the tangent finite where x underflows to zero
    return safe_log(x), t / jnp.maximum(x, 1e-12)


REMAT_POLICIES = {
    "nothing": jax.checkpoint_policies.nothing_saveable,
    "dots": jax.checkpoint_policies.dots_saveable,
    "dots_no_batch": jax.checkpoint_policies.dots_with_no_batch_dims_saveable,
    "everything": jax.checkpoint_policies.everything_saveable,
}


def remat(fn, policy="dots"):
    return jax.checkpoint(fn, policy=REMAT_POLICIES[policy])


def stack_layers(layers):
    """A list of per-layer param dicts -> one dict of arrays with a leading layer axis."""
    return jax.tree.map(lambda *xs: jnp.stack(xs), *layers)


def scan_layers(layer_fn, stacked, h, policy=None):
    step = layer_fn if policy is None else remat(layer_fn, policy)

    def body(carry, params):
        return step(params, carry), None

    out, _ = lax.scan(body, h, stacked)
    return out


def place(mesh, tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), tree, specs,
                        is_leaf=lambda s: isinstance(s, P))
# ---- end xform_lite -----------------------------------------------------------------------

AXES = ("x", "y")
N_STEPS = 3
ADV = {"cfl": 0.4, "edge_view": "reduced"}


class EdgeCache:
    def __init__(self, axis, view):
        self.axis, self.view = axis, view

    def edge(self, u):
        last = u[-1:]
        if self.view == "local":
            return last
        return lax.all_gather(last, self.axis, axis=0, tiled=True, to=self.view)[-1:]

    def from_left(self, u):
        n = lax.axis_size(self.axis)
        return lax.ppermute(self.edge(u), self.axis, [(i, (i + 1) % n) for i in range(n)])


def advect(u0, cache=EdgeCache("x", ADV["edge_view"])):
    def body(i, u):
        left = cache.from_left(u)
        shifted = jnp.concatenate([left, u[:-1]], axis=0)
        return u - ADV["cfl"] * (u - shifted)
    return lax.fori_loop(0, N_STEPS, body, u0)


def inputs():
    grid = np.linspace(0, 2 * np.pi, 16, dtype=np.float32)
    return (np.sin(grid)[:, None] * np.ones((1, 8), np.float32),)


def main(u0):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        ud = jax.device_put(u0, NamedSharding(mesh, P("x", "y")))
        run = jax.jit(jax.shard_map(advect, mesh=mesh, in_specs=P("x", "y"), out_specs=P("x", "y")))
        u = run(ud)
    print("u", float(jnp.abs(u).sum()))


if __name__ == "__main__":
    main(*inputs())
