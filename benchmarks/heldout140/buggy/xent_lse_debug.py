"""train/losses.py in an imagined maxtext-lite fork: vocab-parallel cross entropy with z-loss logging.

Logits are split over the vocabulary by the `activation_vocab` rule, so the log-partition is built
from a pmax and a psum over that axis. The debugging hook keeps the log-partition of every vocab
shard so that numerical blow-ups can be traced to one shard.
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


def vocab_parallel_lse(logits, vocab_axes):
    m = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), vocab_axes)
    m = jax.lax.stop_gradient(m)
    s = jax.lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1, keepdims=True), vocab_axes)
    return (jnp.log(s) + m)[..., 0]


def target_logit(logits, targets, vocab_axes, shard_vocab):
    offset = jax.lax.axis_index(vocab_axes) * shard_vocab
    local = targets - offset
    hit = (local >= 0) & (local < shard_vocab)
    picked = jnp.take_along_axis(logits, jnp.clip(local, 0, shard_vocab - 1)[..., None], axis=-1)[..., 0]
    return jax.lax.psum(jnp.where(hit, picked, 0.0), vocab_axes)


def make_loss(config, mesh):
    rules = config.logical_axis_rules
    logits_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_vocab"), rules)
    tok_spec = logical_to_mesh_axes(("activation_batch", "activation_length"), rules)
    vocab_axes = logical_axis_names(("activation_vocab",), rules)
    shard_vocab = config.vocab_size // mesh.shape[vocab_axes[0]]

    def body(logits, targets):
        lse = vocab_parallel_lse(logits, vocab_axes)
        loss = lse - target_logit(logits, targets, vocab_axes, shard_vocab)
        lse_by_shard = jax.lax.all_gather(lse, vocab_axes, axis=1, tiled=True, to="reduced")
        return loss, lse_by_shard

    lse_spec = P(*tok_spec, reduced=set(vocab_axes))
    return jax.shard_map(body, mesh=mesh, in_specs=(logits_spec, tok_spec), out_specs=(tok_spec, lse_spec))


def inputs():
    return (["run_name=xent_debug", "vocab_size=32"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    key = jax.random.PRNGKey(17)
    k1, k2 = jax.random.split(key)
    b, l = config.global_batch_size, config.max_target_length
    logits = jax.random.normal(k1, (b, l, config.vocab_size))
    targets = jax.random.randint(k2, (b, l), 0, config.vocab_size)
    logits = with_logical_constraint(logits, ("activation_batch", "activation_length", "activation_vocab"), mesh, rules)
    targets = with_logical_constraint(targets, ("activation_batch", "activation_length"), mesh, rules)
    with jax.set_mesh(mesh):
        loss, lse_by_shard = make_loss(config, mesh)(logits, targets)
    print("mean loss", float(jnp.mean(loss)), "lse dump", lse_by_shard.shape)


if __name__ == "__main__":
    main(*inputs())
