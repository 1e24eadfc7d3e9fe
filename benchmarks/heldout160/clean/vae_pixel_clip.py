"""models/vae/pixels.py: Bernoulli decoder whose full-width pixel probabilities (gathered over the
latent-parallel columns) are clipped away from 0 and 1 before the likelihood."""
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

AXES = ("batch", "latent")
Z, D = 8, 16
PIXELS = {"eps": 1e-4, "view": "invarying"}


def pixel_probs(z, w_dec):
    p = jax.nn.sigmoid(z @ w_dec)
    return lax.all_gather(p, "latent", axis=1, tiled=True, to=PIXELS["view"])


def bernoulli_ll(z, x, w_dec):
    p = pixel_probs(z, w_dec)
    p = jnp.clip(p, PIXELS["eps"], 1.0 - PIXELS["eps"])
    return jnp.sum(x * safe_log(p) + (1.0 - x) * safe_log(1.0 - p), axis=-1)


def inputs():
    rng = np.random.default_rng(45)
    return (rng.normal(size=(8, Z)).astype(np.float32), (rng.uniform(size=(8, D)) > 0.5).astype(np.float32),
            rng.normal(size=(Z, D)).astype(np.float32) * 0.3)


def main(z, x, w_dec):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        zd = jax.device_put(z, NamedSharding(mesh, P("batch", None)))
        xd = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
        wd = jax.device_put(w_dec, NamedSharding(mesh, P(None, "latent")))
        fn = jax.jit(jax.shard_map(bernoulli_ll, mesh=mesh, in_specs=(P("batch", None), P("batch", None), P(None, "latent")),
                                   out_specs=P("batch")))
        ll = fn(zd, xd, wd)
    print("ll", np.asarray(ll))


if __name__ == "__main__":
    main(*inputs())
