"""models/vae/serve_export.py: the decoder matrix trained with its columns spread over both mesh
axes is gathered into the serving layout (columns over `latent` only)."""
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

AXES = ("batch", "latent")
Z, D = 8, 16
TRAIN = P(None, AXES)
SERVE = P(None, AXES[1], reduced={AXES[0]})


@functools.partial(jax.jit, static_argnames=("steps", "lr"))
def fit(w_dec, z, target, steps=2, lr=0.1):
    def loss(w):
        return jnp.mean((jax.nn.sigmoid(z @ w) - target) ** 2)

    def body(i, w):
        return w - lr * clip_grad(jax.grad(loss)(w), 1.0)
    return lax.fori_loop(0, steps, body, w_dec)


def to_serving(w):
    return top_level_all_gather(w, SERVE)


def inputs():
    rng = np.random.default_rng(43)
    z = rng.normal(size=(8, Z)).astype(np.float32)
    return rng.normal(size=(Z, D)).astype(np.float32) * 0.1, z, (rng.uniform(size=(8, D)) > 0.5).astype(np.float32)


def main(w_dec, z, target):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        wd = jax.device_put(w_dec, NamedSharding(mesh, TRAIN))
        wd = fit(wd, jnp.asarray(z), jnp.asarray(target))
        served = to_serving(wd)
    print("served", served.shape)


if __name__ == "__main__":
    main(*inputs())
