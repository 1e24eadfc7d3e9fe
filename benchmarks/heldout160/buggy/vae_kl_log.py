"""models/vae/encoder.py: latent-parallel VAE encoder (latent units split over `latent`); the
per-example KL is summed across latent shards and collected for the beta-annealing monitor."""
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
D, Z = 16, 8
KL = {"sum_axis": "latent", "collect_axis": "latent", "beta": 0.5}


def encode(x, w_mu, w_lv):
    return x @ w_mu, jnp.tanh(x @ w_lv)


def kl_per_example(mu, logvar):
    part = 0.5 * jnp.sum(jnp.exp(logvar) + mu * mu - 1.0 - logvar, axis=-1)
    return lax.psum(part, KL["sum_axis"])


def encoder_step(x, w_mu, w_lv):
    mu, logvar = encode(x, w_mu, w_lv)
    kl = kl_per_example(mu, logvar)
    trace = lax.all_gather(kl, KL["collect_axis"], tiled=True, to="reduced")
    return mu, KL["beta"] * kl, trace


def inputs():
    rng = np.random.default_rng(40)
    return (rng.normal(size=(8, D)).astype(np.float32), rng.normal(size=(D, Z)).astype(np.float32) * 0.2,
            rng.normal(size=(D, Z)).astype(np.float32) * 0.2)


def main(x, w_mu, w_lv):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        xd = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
        wm, wl = (jax.device_put(w, NamedSharding(mesh, P(None, "latent"))) for w in (w_mu, w_lv))
        fn = jax.jit(jax.shard_map(encoder_step, mesh=mesh, in_specs=(P("batch", None), P(None, "latent"), P(None, "latent")),
                                   out_specs=(P("batch", "latent"), P("batch"), P("batch", reduced={"latent"}))))
        mu, kl, trace = fn(xd, wm, wl)
    print("kl", np.asarray(kl))


if __name__ == "__main__":
    main(*inputs())
