"""agents/ppo/rollout_dump.py: roll a vocab-parallel policy forward with lax.scan and dump the
full action-logit trajectory of every environment for the replay viewer."""
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

AXES = ("env", "model")
T, OBS, ACT = 4, 8, 16
VIEWER = {"table_axes": ("env", "model")}


def full_vocab(part):
    return lax.all_gather(part, "model", axis=-1, tiled=True, to="reduced")


def rollout(obs0, w_pi, w_dyn):
    def step(obs, _):
        nxt = jnp.tanh(obs @ w_dyn)
        return nxt, obs @ w_pi
    _, parts = lax.scan(step, obs0, None, length=T)
    return full_vocab(parts)


def viewer_table(obs0, w_pi, w_dyn):
    traj = rollout(obs0, w_pi, w_dyn)
    return lax.all_gather(traj, VIEWER["table_axes"], axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    return (rng.normal(size=(8, OBS)).astype(np.float32), rng.normal(size=(OBS, ACT)).astype(np.float32),
            rng.normal(size=(OBS, OBS)).astype(np.float32) * 0.3)


def main(obs, w_pi, w_dyn):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        od = jax.device_put(obs, NamedSharding(mesh, P("env", None)))
        wp = jax.device_put(w_pi, NamedSharding(mesh, P(None, "model")))
        wd = jax.device_put(w_dyn, NamedSharding(mesh, P()))
        fn = jax.jit(jax.shard_map(viewer_table, mesh=mesh, in_specs=(P("env", None), P(None, "model"), P()),
                                   out_specs=P(None, None, None, reduced=set(AXES))))
        table = fn(od, wp, wd)
    np.save("/tmp/rl_traj.npy", np.asarray(table))


if __name__ == "__main__":
    main(*inputs())
