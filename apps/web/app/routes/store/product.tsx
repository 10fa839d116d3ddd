export default function ProductPage() {
  return <p>Coming soon</p>;
}
