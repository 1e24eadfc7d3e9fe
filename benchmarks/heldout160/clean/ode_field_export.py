"""sim/export.py: run the diffusion solver with its rows spread over every device, then hand the
field to the plotting service with the layout the plotter's reader expects."""
import numpy as np
from jax._src.shard_map import top_level_all_gather
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
ROWS = P(AXES, None)
PLOT_LAYOUT = {"field": P("x", None, reduced={"y"}), "flux": P(None, None, reduced=set(AXES))}


@functools.partial(jax.jit, static_argnames=("steps",))
def diffuse(u, steps=4):
    def body(i, u):
        lap = jnp.roll(u, 1, axis=1) + jnp.roll(u, -1, axis=1) - 2.0 * u
        return u + 0.1 * lap
    solve = jax.shard_map(lambda v: lax.fori_loop(0, steps, body, v), in_specs=ROWS, out_specs=ROWS)
    return solve(u)


class PlotClient:
    def __init__(self, layout):
        self.layout = layout

    def send(self, name, arr):
        full = top_level_all_gather(arr, self.layout[name])
        return np.asarray(full).shape


def inputs():
    rng = np.random.default_rng(23)
    return (rng.uniform(size=(16, 8)).astype(np.float32),)


def main(u0):
    mesh = jax.make_mesh((2, 4), AXES)
    client = PlotClient(PLOT_LAYOUT)
    with jax.set_mesh(mesh):
        u = diffuse(jax.device_put(u0, NamedSharding(mesh, ROWS)))
        flux = jnp.abs(u) * 0.5
        shapes = [client.send("flux", flux), client.send("field", u)]
    print("sent", shapes)


if __name__ == "__main__":
    main(*inputs())
