"""agents/ppo/heads.py: action heads chosen per environment family by lax.switch; the entropy
bonus of the categorical head is computed on the full vocab-parallel logits."""
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
OBS, ACT = 8, 16
HEADS = ("categorical", "gaussian")
BONUS = {"head": "categorical", "coef": 0.01}


def full_logits(obs, w_pi):
    return lax.all_gather(obs @ w_pi, "model", axis=-1, tiled=True, to="reduced")


def categorical_entropy(logits):
    probs = jax.nn.softmax(logits, axis=-1)
    return -jnp.sum(probs * safe_log(probs), axis=-1)


def gaussian_entropy(logits):
    return jnp.sum(logits * 0.0 + 0.5 * np.log(2 * np.pi * np.e), axis=-1)


def entropy_bonus(obs, w_pi, head=BONUS["head"]):
    logits = full_logits(obs, w_pi)
    ent = lax.switch(HEADS.index(head), (categorical_entropy, gaussian_entropy), logits)
    return BONUS["coef"] * ent


def inputs():
    rng = np.random.default_rng(65)
    return rng.normal(size=(8, OBS)).astype(np.float32), rng.normal(size=(OBS, ACT)).astype(np.float32)


def main(obs, w_pi):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        od = jax.device_put(obs, NamedSharding(mesh, P("env", None)))
        wp = jax.device_put(w_pi, NamedSharding(mesh, P(None, "model")))
        fn = jax.jit(jax.shard_map(entropy_bonus, mesh=mesh, in_specs=(P("env", None), P(None, "model")),
                                   out_specs=P("env", reduced={"model"})))
        bonus = fn(od, wp)
    print("bonus", np.asarray(bonus))


if __name__ == "__main__":
    main(*inputs())
