// The sample's web page script: renders a list of widgets.
const widgets = [
  { name: "button", weight: 3 },
  { name: "slider", weight: 5 },
];

function render(list) {
  return list.map((w) => `<li>${w.name} (${w.weight})</li>`).join("\n");
}

module.exports = { render, widgets };
