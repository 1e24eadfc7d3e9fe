"""lingvo_lite/layers/embedding_softmax/vocab_parallel_xent.py

Vocab-parallel cross entropy (Megatron-style, written as a Pax layer): each vocab shard computes
its part of the partition function and of the label logit; the per-token losses are then summed
over the axes the experiment lists as loss-reduction axes.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class VocabParallelXent(BaseLayer):
  HPARAMS = dict(input_dims=0, num_classes=0, loss_axes=None)

  def init(self, key):
    return jax.random.normal(key, (self.input_dims, self.num_classes)) * 0.1

  def _xent(self, x, w, labels):
    vocab_axis = self.weight_split_dims_mapping.softmax[-1]
    shard = jax.lax.axis_index(vocab_axis)
    per_shard = w.shape[-1]
    logits = x @ w
    m = jax.lax.pmax(jnp.max(logits, axis=-1), vocab_axis)
    z = jax.lax.psum(jnp.sum(jnp.exp(logits - m[:, None]), axis=-1), vocab_axis)
    local = labels - shard * per_shard
    mine = (local >= 0) & (local < per_shard)
    picked = jnp.take_along_axis(logits, jnp.clip(local, 0, per_shard - 1)[:, None], axis=-1)[:, 0]
    label_logit = jax.lax.psum(jnp.where(mine, picked, 0.0), vocab_axis)
    token_loss = jnp.log(z) + m - label_logit
    total = jax.lax.psum(jnp.sum(token_loss), axis_name=self.loss_axes)
    return total / (labels.shape[0] * jax.lax.axis_size(self.loss_axes[0]))

  def fprop(self, mesh, w, x, labels):
    act = self.activation_split_dims_mapping
    fn = jax.shard_map(self._xent, mesh=mesh,
                       in_specs=(split_spec(act.inp), split_spec(self.weight_split_dims_mapping.softmax),
                                 split_spec(act.labels)),
                       out_specs=P())
    return fn(x, w, labels)


@experiment_registry.register
class VocabXent4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'vocab')

  def task(self):
    cfg = Config(VocabParallelXent, input_dims=8, num_classes=16)
    cfg.loss_axes = self.mesh_axis_names[:1]
    cfg.mesh_axis_names = self.mesh_axis_names
    cfg.weight_split_dims_mapping = SplitDims(softmax=(None, 'vocab'))
    cfg.activation_split_dims_mapping = SplitDims(inp=('data', None), labels=('data',))
    return cfg


def inputs():
  rng = np.random.default_rng(21)
  x = rng.standard_normal((8, 8)).astype(np.float32)
  labels = rng.integers(0, 16, size=(8,)).astype(np.int32)
  return 'VocabXent4x2', x, labels


def main(exp_name, x, labels):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  w = place(mesh, layer.init(jax.random.PRNGKey(3)), layer.weight_split_dims_mapping.softmax)
  act = layer.activation_split_dims_mapping
  x, labels = place(mesh, x, act.inp), place(mesh, labels, act.labels)
  with jax.set_mesh(mesh):
    loss = layer.fprop(mesh, w, x, labels)
  print(float(loss))


if __name__ == '__main__':
  main(*inputs())
