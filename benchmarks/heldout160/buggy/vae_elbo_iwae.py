"""models/vae/iwae.py: importance-weighted bound with K samples drawn by vmap; the per-sample
log-likelihood is summed over the latent-parallel decoder and averaged over the whole mesh."""
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
K, Z, D = 4, 8, 16
IWAE = {"ll_axis": "latent", "avg_axes": ("batch", "latent")}


def log_lik(z, x, w_dec):
    p = jax.nn.sigmoid(z @ w_dec)
    part = jnp.sum(x * safe_log(p) + (1.0 - x) * safe_log(1.0 - p), axis=-1)
    return lax.psum(part, IWAE["ll_axis"])


def bound(mu, eps, x, w_dec):
    def per_sample(e):
        ll = log_lik(mu + e, x, w_dec)
        return lax.pmean(jnp.mean(ll), IWAE["avg_axes"])
    vals = jax.vmap(per_sample, in_axes=0)(eps)
    return jax.nn.logsumexp(vals) - np.log(K).astype(np.float32)


def inputs():
    rng = np.random.default_rng(44)
    return (rng.normal(size=(8, Z)).astype(np.float32), rng.normal(size=(K, 8, Z)).astype(np.float32),
            (rng.uniform(size=(8, D)) > 0.5).astype(np.float32), rng.normal(size=(Z, D)).astype(np.float32) * 0.3)


def main(mu, eps, x, w_dec):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        md = jax.device_put(mu, NamedSharding(mesh, P("batch", None)))
        ed = jax.device_put(eps, NamedSharding(mesh, P(None, "batch", None)))
        xd = jax.device_put(x, NamedSharding(mesh, P("batch", "latent")))
        wd = jax.device_put(w_dec, NamedSharding(mesh, P(None, "latent")))
        fn = jax.jit(jax.shard_map(bound, mesh=mesh,
                                   in_specs=(P("batch", None), P(None, "batch", None), P("batch", "latent"), P(None, "latent")),
                                   out_specs=P()))
        elbo = fn(md, ed, xd, wd)
    print("iwae", float(elbo))


if __name__ == "__main__":
    main(*inputs())
