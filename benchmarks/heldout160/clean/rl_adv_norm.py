"""agents/ppo/advantages.py: GAE advantages normalised with statistics pooled over all
environments; the pooled view of the advantages is gathered once and reused."""
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
T, N_ENV = 5, 8
GAE = {"gamma": 0.99, "lam": 0.95, "pool": "reduced"}


def gae(rewards, values):
    deltas = rewards + GAE["gamma"] * jnp.concatenate([values[1:], values[-1:]]) - values

    def back(acc, d):
        acc = d + GAE["gamma"] * GAE["lam"] * acc
        return acc, acc
    _, adv = lax.scan(back, jnp.zeros_like(deltas[0]), deltas, reverse=True)
    return adv


def pooled(adv):
    return lax.all_gather(adv, "env", axis=1, tiled=True, to=GAE["pool"])


def normalise(rewards, values):
    adv = gae(rewards, values)
    mu = lax.pmean(jnp.mean(adv, axis=1), "env")
    return adv - mu[:, None]


def inputs():
    rng = np.random.default_rng(62)
    return rng.uniform(size=(T, N_ENV)).astype(np.float32), rng.normal(size=(T, N_ENV)).astype(np.float32)


def main(rewards, values):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        rd, vd = (jax.device_put(a, NamedSharding(mesh, P(None, "env"))) for a in (rewards, values))
        fn = jax.jit(jax.shard_map(normalise, mesh=mesh, in_specs=(P(None, "env"), P(None, "env")),
                                   out_specs=P(None, "env")))
        adv = fn(rd, vd)
    print("adv", float(jnp.abs(adv).mean()))


if __name__ == "__main__":
    main(*inputs())
