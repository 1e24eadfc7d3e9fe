"""sim/poisson.py: Jacobi iterations for a Poisson problem in a while_loop until the largest update
on the whole mesh falls below the tolerance; halos come from the x neighbours."""
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
JACOBI = {"tol": 1e-3, "max_iter": 20, "halo_axis": "x"}


def halos(u, axis=JACOBI["halo_axis"]):
    n = lax.axis_size(axis)
    from_above = lax.ppermute(u[-1:], axis, [(i, (i + 1) % n) for i in range(n)])
    from_below = lax.ppermute(u[:1], axis, [(i, (i - 1) % n) for i in range(n)])
    return from_above, from_below


def sweep(u, f):
    above, below = halos(u)
    padded = jnp.concatenate([above, u, below], axis=0)
    return 0.5 * (padded[:-2] + padded[2:] - f)


def solve(u0, f):
    def cond(carry):
        i, _, delta = carry
        return (i < JACOBI["max_iter"]) & (delta > JACOBI["tol"])

    def body(carry):
        i, u, _ = carry
        new = sweep(u, f)
        delta = lax.pmax(jnp.max(jnp.abs(new - u)), AXES)
        return i + 1, new, delta

    _, u, delta = lax.while_loop(cond, body, (0, u0, jnp.asarray(np.inf, u0.dtype)))
    history = lax.all_gather(u[:1], JACOBI["halo_axis"], axis=0, tiled=True, to="reduced")
    return u, delta, history


def inputs():
    rng = np.random.default_rng(72)
    return np.zeros((16, 8), np.float32), rng.normal(size=(16, 8)).astype(np.float32) * 0.01


def main(u0, f):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        ud, fd = (jax.device_put(a, NamedSharding(mesh, P("x", "y"))) for a in (u0, f))
        fn = jax.jit(jax.shard_map(solve, mesh=mesh, in_specs=(P("x", "y"), P("x", "y")),
                                   out_specs=(P("x", "y"), P(), P(None, "y", reduced={"x"}))))
        u, delta, history = fn(ud, fd)
    print("delta", float(delta), history.shape)


if __name__ == "__main__":
    main(*inputs())
