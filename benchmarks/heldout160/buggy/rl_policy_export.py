"""agents/ppo/publish.py: a jitted init places the policy on the training mesh (rows over both
axes); the actor fleet reads it split over `env` with the rest replicated."""
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

AXES = ("env", "model")
OBS, ACT = 16, 4
TRAIN_LAYOUT = {"w_pi": P(AXES, None), "b_pi": P()}
ACTOR_LAYOUT = {"w_pi": P(AXES[1], None, reduced={AXES[0]}), "b_pi": P()}


@functools.partial(jax.jit, static_argnames=("scale",))
def init_policy(key, scale=0.1):
    k1, _ = jax.random.split(key)
    return {"w_pi": jax.random.normal(k1, (OBS, ACT)) * scale, "b_pi": jnp.zeros((ACT,))}


class Publisher:
    def __init__(self, layout):
        self.layout = layout

    def publish(self, params):
        out = {}
        for name, leaf in params.items():
            out[name] = top_level_all_gather(leaf, self.layout[name])
        return out


def inputs():
    return (7,)


def main(seed):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        params = init_policy(jax.random.key(seed))
        params = place(mesh, params, TRAIN_LAYOUT)
        published = Publisher(ACTOR_LAYOUT).publish(params)
    print({k: v.shape for k, v in published.items()})


if __name__ == "__main__":
    main(*inputs())
