"""sim/particles.py: particle push with an integrator chosen per run by lax.switch (euler, midpoint,
heun); the velocity field is gathered across the y blocks so each particle sees every column."""
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
INTEGRATORS = ("euler", "midpoint", "heun")
PUSH = {"dt": 0.05, "method": "midpoint", "field_view": "reduced"}


def full_field(v, view="invarying"):
    return lax.all_gather(v, "y", axis=1, tiled=True, to=view)


def euler(pos, vel):
    return pos + vel


def midpoint(pos, vel):
    half = pos + 0.5 * vel
    return pos + jnp.tanh(half) * vel


def heun(pos, vel):
    return pos + 0.5 * (vel + jnp.tanh(pos + vel))


def push(pos, field, method=PUSH["method"]):
    vel = full_field(field) * PUSH["dt"]
    branch = INTEGRATORS.index(method)
    return lax.switch(branch, (euler, midpoint, heun), pos, vel)


def inputs():
    rng = np.random.default_rng(25)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(pos, field):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        pd = jax.device_put(pos, NamedSharding(mesh, P("x", None)))
        fd = jax.device_put(field, NamedSharding(mesh, P("x", "y")))
        run = jax.jit(jax.shard_map(push, mesh=mesh, in_specs=(P("x", None), P("x", "y")), out_specs=P("x", None)))
        new = run(pd, fd)
    print("pos", float(jnp.abs(new).mean()))


if __name__ == "__main__":
    main(*inputs())
