"""lingvo_lite/decoders/greedy_eval.py

Greedy next-token accuracy on an eval set with a vocab-parallel output layer (vocab over 'mdl').
Each vocab shard checks whether the label falls in its slice and is its local argmax with the
global maximum score; the hits are summed over the vocab shards, and the eval metric then sums
them over the axes listed in the decoder's `metric_axes`.
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


class GreedyAccuracy(BaseLayer):
  HPARAMS = dict(vocab_axis=None, metric_axes=())

  def hits(self, logits, labels):
    width = logits.shape[-1]
    offset = jax.lax.axis_index(self.vocab_axis) * width
    local_best = jnp.max(logits, axis=-1)
    best = jax.lax.pmax(local_best, self.vocab_axis)
    local_arg = jnp.argmax(logits, axis=-1) + offset
    mine = (local_best >= best) & (local_arg == labels)
    return jax.lax.psum(mine.astype(jnp.float32), self.vocab_axis)

  def fprop(self, logits, labels):
    correct = jnp.sum(self.hits(logits, labels))
    return jax.lax.psum(correct, self.metric_axes)


@experiment_registry.register
class GreedyEval2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def metric(self):
    return Config(GreedyAccuracy, vocab_axis='mdl', metric_axes=self.mesh_axis_names)


def build_eval(exp, mesh):
  metric = instantiate(exp.metric())
  fn = jax.shard_map(metric.fprop, mesh=mesh,
                     in_specs=(P('data', metric.vocab_axis), P('data')), out_specs=P())
  return jax.jit(fn)


def inputs():
  rng = np.random.default_rng(64)
  logits = rng.standard_normal((6, 16)).astype(np.float32)
  labels = logits.argmax(axis=-1).astype(np.int32)
  labels[::3] = 0
  return 'GreedyEval2x4', logits, labels


def main(exp_name, logits, labels):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  eval_fn = build_eval(exp, mesh)
  logits = place(mesh, logits, ('data', 'mdl'))
  labels = place(mesh, labels, ('data',))
  with jax.set_mesh(mesh):
    correct = eval_fn(logits, labels)
  print(float(correct) / labels.shape[0])


if __name__ == '__main__':
  main(*inputs())
