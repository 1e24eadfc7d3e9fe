"""models/vae/flow_prior.py: a learned prior whose codes are rescaled by the largest code norm
across latent shards; the rescale is rematerialised to save activation memory."""
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
Z = 8
PRIOR = {"policy": "dots", "codes": "reduced"}


def gather_codes(z, to=PRIOR["codes"]):
    return lax.all_gather(z, "latent", axis=1, tiled=True, to=to)


def max_norm(codes):
    return lax.pmax(jnp.sum(codes * codes, axis=-1), "latent")


def rescale(z):
    codes = gather_codes(z)
    biggest = remat(max_norm, PRIOR["policy"])(codes)
    return z / jnp.sqrt(biggest + 1e-6)[:, None]


def inputs():
    rng = np.random.default_rng(42)
    return (rng.normal(size=(8, Z)).astype(np.float32),)


def main(z):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        zd = jax.device_put(z, NamedSharding(mesh, P("batch", "latent")))
        fn = jax.jit(jax.shard_map(rescale, mesh=mesh, in_specs=P("batch", "latent"), out_specs=P("batch", "latent")))
        out = fn(zd)
    print("z", float(jnp.abs(out).max()))


if __name__ == "__main__":
    main(*inputs())
