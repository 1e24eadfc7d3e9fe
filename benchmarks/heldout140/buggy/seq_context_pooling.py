"""layers/context_pooling.py in an imagined maxtext-lite fork: attention pooling over a context-parallel sequence.

With context parallelism the sequence is split over a `context` mesh axis (set from the command
line). The pooling head computes softmax weights over the whole sequence (a psum of the local
denominators) and keeps the pooled vector of every context shard for the probe.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# ----------------------------------------------------------------------------
# pyconfig_lite: copied from configs/pyconfig_lite.py (keep in sync by hand)
# ----------------------------------------------------------------------------
_BASE_CONFIG = {
    "run_name": "lite",
    "per_device_batch_size": 1,
    "max_target_length": 8,
    "emb_dim": 16,
    "mlp_dim": 32,
    "num_heads": 4,
    "head_dim": 4,
    "vocab_size": 32,
    "num_decoder_layers": 2,
    "learning_rate": 1e-2,
    "dtype": "float32",
    "mesh_axes": ["data", "fsdp", "tensor"],
    "ici_parallelism": [2, 2, 2],
    "logical_axis_rules": (
        ("activation_batch", ("data", "fsdp")),
        ("activation_length", None),
        ("activation_embed", None),
        ("activation_heads", "tensor"),
        ("activation_mlp", "tensor"),
        ("activation_vocab", "tensor"),
        ("embed", "fsdp"),
        ("heads", "tensor"),
        ("mlp", "tensor"),
        ("vocab", "tensor"),
        ("norm", None),
    ),
}


def _coerce(old, text):
    if isinstance(old, bool):
        return text.lower() in ("1", "true", "yes")
    if isinstance(old, int):
        return int(text)
    if isinstance(old, float):
        return float(text)
    if isinstance(old, list):
        return [_coerce(old[0], t) if old else t for t in text.split(",")]
    if text in ("None", "none", ""):
        return None
    if "," in text:
        return tuple(t for t in text.split(",") if t)
    return text


class HyperParameters:
    """Base dict + `key=value` overrides; `rule.<logical>=<axis>` rewrites one logical rule."""

    def __init__(self, argv=()):
        raw = dict(_BASE_CONFIG)
        rules = dict(raw["logical_axis_rules"])
        for item in argv:
            key, _, val = item.partition("=")
            if key.startswith("rule."):
                rules[key[len("rule."):]] = _coerce(None, val)
            else:
                raw[key] = _coerce(raw.get(key), val)
        raw["logical_axis_rules"] = tuple(rules.items())
        raw["num_devices"] = int(np.prod(raw["ici_parallelism"]))
        raw["global_batch_size"] = raw["per_device_batch_size"] * raw["num_devices"]
        raw["num_kv"] = raw["num_heads"] * raw["head_dim"]
        self.__dict__.update(raw)

    def get_keys(self):
        return dict(self.__dict__)


def create_device_mesh(config):
    return jax.make_mesh(tuple(config.ici_parallelism), tuple(config.mesh_axes))


def _rule(name, rules):
    for logical, physical in rules:
        if logical == name:
            return physical
    return None


def logical_to_mesh_axes(logical_names, rules):
    """('activation_batch', 'activation_embed') -> P(('data', 'fsdp'), None)."""
    return P(*(None if n is None else _rule(n, rules) for n in logical_names))


def logical_axis_names(logical_names, rules):
    """Flat tuple of the mesh axes the logical names map to (for collectives)."""
    out = []
    for n in logical_names:
        phys = _rule(n, rules)
        if phys is None:
            continue
        out.extend(phys if isinstance(phys, tuple) else (phys,))
    return tuple(dict.fromkeys(out))


def with_logical_constraint(x, logical_names, mesh, rules):
    spec = logical_to_mesh_axes(logical_names, rules)
    return jax.device_put(x, NamedSharding(mesh, spec))
# ----------------------------------------------------------------------------


CP_ARGS = ["mesh_axes=data,context,tensor", "rule.activation_length=context", "rule.activation_batch=data"]


def pooled(x, query, ctx_axes):
    scores = jnp.einsum("bld,d->bl", x, query)
    m = jax.lax.stop_gradient(jax.lax.pmax(jnp.max(scores, axis=-1, keepdims=True), ctx_axes))
    w = jnp.exp(scores - m)
    denom = jax.lax.psum(jnp.sum(w, axis=-1, keepdims=True), ctx_axes)
    return jax.lax.psum(jnp.einsum("bl,bld->bd", w / denom, x), ctx_axes)


def make_pool(config, mesh):
    rules = config.logical_axis_rules
    ctx_axes = logical_axis_names(("activation_length",), rules)
    x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)
    probe_spec = logical_to_mesh_axes(("activation_batch", None), rules)

    def body(x, query):
        v = pooled(x, query, ctx_axes)
        per_shard = jax.lax.all_gather(v, ctx_axes, axis=1, tiled=True, to="reduced")
        return v, per_shard

    return jax.shard_map(body, mesh=mesh, in_specs=(x_spec, P()),
                         out_specs=(probe_spec, P(*probe_spec, reduced=set(ctx_axes))))


def inputs():
    return (CP_ARGS + ["run_name=ctx_pool", "max_target_length=8"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(60)
    x = rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim)).astype(np.float32)
    query = rng.standard_normal((config.emb_dim,)).astype(np.float32)
    x = with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"), mesh, rules)
    query = with_logical_constraint(query, (None,), mesh, rules)
    with jax.set_mesh(mesh):
        v, per_shard = make_pool(config, mesh)(x, query)
    print("pooled", v.shape, "per shard", per_shard.shape)


if __name__ == "__main__":
    main(*inputs())
