"""sim/wave_snapshots.py: leapfrog wave equation; every few steps a column-gathered snapshot of
the field is taken for the movie writer."""
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
N_STEPS, EVERY = 4, 2
MOVIE = {"row_axis": "y", "frame_axes": ("x", "y"), "c": 0.2}


def snapshot(u, axis=MOVIE["row_axis"]):
    return lax.all_gather(u, axis, axis=1, tiled=True, to="reduced")


def frame(rows, axes=MOVIE["frame_axes"]):
    return lax.all_gather(rows[None], axes, axis=0, tiled=True, to="reduced")


def leapfrog(u, u_prev):
    lap = jnp.roll(u, 1, axis=0) + jnp.roll(u, -1, axis=0) - 2.0 * u
    return 2.0 * u - u_prev + MOVIE["c"] * lap, u


def simulate(u0):
    def body(i, carry):
        u, u_prev = carry
        return leapfrog(u, u_prev)

    u, u_prev = lax.fori_loop(0, EVERY, body, (u0, u0))
    frames = [frame(snapshot(u))]
    u, u_prev = lax.fori_loop(0, N_STEPS - EVERY, body, (u, u_prev))
    return u, frames


def inputs():
    rng = np.random.default_rng(21)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(u0):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        ud = jax.device_put(u0, NamedSharding(mesh, P("x", "y")))
        run = jax.jit(jax.shard_map(simulate, mesh=mesh, in_specs=P("x", "y"),
                                    out_specs=(P("x", "y"), [P(None, None, None, reduced=set(AXES))])))
        u, frames = run(ud)
    print("frames", [f.shape for f in frames])


if __name__ == "__main__":
    main(*inputs())
