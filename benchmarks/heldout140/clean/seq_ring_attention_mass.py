"""layers/ring_attention.py in an imagined maxtext-lite fork: ring attention with an attention-mass metric.

Keys and values travel around the `context` ring with `ppermute`; each step's partial softmax is
merged with the running (max, denominator) statistics. After the ring, the output is normalised
and the attention mass metric is summed over the batch and sequence axes of the activation.
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


def ring_attention(q, k, v, axis, size):
    perm = [(i, (i + 1) % size) for i in range(size)]
    m = jnp.full(q.shape[:2], -1e9)
    den = jnp.zeros(q.shape[:2])
    acc = jnp.zeros_like(q)
    for _ in range(size):
        s = jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1])
        m_new = jnp.maximum(m, jnp.max(s, axis=-1))
        p = jnp.exp(s - m_new[..., None])
        corr = jnp.exp(m - m_new)
        den = den * corr + jnp.sum(p, axis=-1)
        acc = acc * corr[..., None] + jnp.einsum("bqk,bkd->bqd", p, v)
        m = m_new
        k = jax.lax.ppermute(k, axis, perm)
        v = jax.lax.ppermute(v, axis, perm)
    return acc / den[..., None], den


def make_ring(config, mesh):
    rules = config.logical_axis_rules
    ctx = logical_axis_names(("activation_length",), rules)[0]
    metric_axes = logical_axis_names(("activation_batch", "activation_length"), rules)
    spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), rules)

    def body(q, k, v):
        out, den = ring_attention(q, k, v, ctx, mesh.shape[ctx])
        mass = jax.lax.psum(jnp.sum(den), ctx)
        mass = jax.lax.psum(mass, tuple(a for a in metric_axes if a != ctx))
        return out, mass

    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec, spec), out_specs=(spec, P()))


def inputs():
    return (CP_ARGS + ["run_name=ring", "max_target_length=8"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    names = ("activation_batch", "activation_length", "activation_embed")
    rng = np.random.default_rng(64)
    shape = (config.global_batch_size, config.max_target_length, config.emb_dim)
    q, k, v = (with_logical_constraint(rng.standard_normal(shape).astype(np.float32), names, mesh, rules)
               for _ in range(3))
    with jax.set_mesh(mesh):
        out, mass = make_ring(config, mesh)(q, k, v)
    print("ring out", out.shape, "mass", float(mass))


if __name__ == "__main__":
    main(*inputs())
