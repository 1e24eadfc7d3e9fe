"""agents/ppo/returns.py: discounted returns by a reverse scan over the rollout; the mean episode
return across environments is appended to the learning curve."""
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
T, N_ENV = 6, 8
RETURNS = {"gamma": 0.95, "curve_axis": "env"}


def discounted(rewards, dones):
    def back(carry, step):
        r, d = step
        g = r + RETURNS["gamma"] * carry * (1.0 - d)
        return g, g
    _, returns = lax.scan(back, jnp.zeros_like(rewards[0]), (rewards, dones), reverse=True)
    return returns


def episode_stats(rewards, dones):
    returns = discounted(rewards, dones)
    mean_return = lax.pmean(jnp.mean(returns[0]), RETURNS["curve_axis"])
    curve_point = lax.all_gather(mean_return[None], RETURNS["curve_axis"], tiled=True, to="reduced")
    return returns, curve_point


def inputs():
    rng = np.random.default_rng(60)
    return rng.uniform(size=(T, N_ENV)).astype(np.float32), (rng.uniform(size=(T, N_ENV)) > 0.8).astype(np.float32)


def main(rewards, dones):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        rd, dd = (jax.device_put(a, NamedSharding(mesh, P(None, "env"))) for a in (rewards, dones))
        fn = jax.jit(jax.shard_map(episode_stats, mesh=mesh, in_specs=(P(None, "env"), P(None, "env")),
                                   out_specs=(P(None, "env"), P(None, reduced={"env"}))))
        returns, point = fn(rd, dd)
    print("curve point", np.asarray(point))


if __name__ == "__main__":
    main(*inputs())
